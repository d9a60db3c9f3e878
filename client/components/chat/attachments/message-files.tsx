// The files a sent message carries: image thumbnails that open full size in an overlay,
// and cards (icon, name, kind, size) that open the file (images and PDFs) or download it (the
// rest). Readers of a public chat see them too: GET /api/files/:id lets them read its files.
// Its own chunk, loaded only for a message with files.
import { formatBytes } from '../../../../shared/format-bytes.ts'
import { overlay, type OverlayProps } from '../../../lib/overlay.ts'
import { Icon } from '../../ui/icon.tsx'
import { FileIcon, fileKindLabel } from './file-icon.tsx'
import { fileSizeOf, type SentFile } from './file-sizes.ts'
import './attachments.css'

export interface MessageFilesProps {
  files: SentFile[]
  /** The chat's file sizes by id, from the page's data. */
  sizes?: Record<string, number>
}

export function MessageFiles({ files, sizes }: MessageFilesProps) {
  // The page's data has the size of every file the chat still has: one it lacks (and this tab did
  // not upload) was deleted by its owner. The message still names it, and says so.
  const removed = files.filter((file) => sizes !== undefined && fileSizeOf(file.url, sizes) === null)
  const present = files.filter((file) => !removed.includes(file))
  const images = present.filter((file) => file.mediaType.startsWith('image/'))
  const others = present.filter((file) => !file.mediaType.startsWith('image/'))
  return (
    <div className="message-files">
      {images.length > 0 && (
        <ul className="message-files__images" aria-label="Images">
          {images.map((file) => (
            <li key={file.url}>
              <button type="button" className="message-files__thumb" aria-label={`Open ${file.filename}`} onClick={() => overlay.open(ImageViewer, { file })}>
                <img src={file.url} alt={file.filename} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="message-files__cards" aria-label="Files">
          {others.map((file) => {
            const size = fileSizeOf(file.url, sizes)
            const opens = file.mediaType === 'application/pdf'
            return (
              <li key={file.url}>
                <a
                  className="file-card"
                  href={file.url}
                  // A PDF opens in a tab of its own; the rest is served as a download.
                  {...(opens ? { target: '_blank', rel: 'noopener' } : { download: file.filename })}
                >
                  <span className="file-card__icon">
                    <FileIcon mediaType={file.mediaType} name={file.filename} size={20} />
                  </span>
                  <span className="file-card__text">
                    <span className="file-card__name">{file.filename}</span>
                    <span className="file-card__meta">{[fileKindLabel(file.mediaType, file.filename), size !== null && formatBytes(size)].filter(Boolean).join(' · ')}</span>
                  </span>
                  <Icon name={opens ? 'lucide:external-link' : 'lucide:download'} size={16} className="file-card__action" />
                </a>
              </li>
            )
          })}
        </ul>
      )}
      {removed.length > 0 && (
        <ul className="message-files__cards" aria-label="Removed files">
          {removed.map((file) => (
            <li key={file.url}>
              <span className="file-card file-card--removed">
                <span className="file-card__icon">
                  <FileIcon mediaType={file.mediaType} name={file.filename} size={20} />
                </span>
                <span className="file-card__text">
                  <span className="file-card__name">{file.filename}</span>
                  <span className="file-card__meta">Removed</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The image full size, on a dark backdrop; Escape, the backdrop or Close closes it. */
function ImageViewer({ file, close }: { file: SentFile } & OverlayProps<void>) {
  return (
    <div role="dialog" aria-modal="true" aria-label={file.filename} className="image-viewer" tabIndex={-1}>
      <img src={file.url} alt={file.filename} />
      <div className="image-viewer__bar">
        <span className="image-viewer__name">{file.filename}</span>
        <a className="image-viewer__button" href={file.url} download={file.filename}>
          <Icon name="lucide:download" size={16} />
          Download
        </a>
        <button type="button" className="image-viewer__button" onClick={() => close()} data-autofocus="">
          <Icon name="lucide:x" size={16} />
          Close
        </button>
      </div>
    </div>
  )
}
