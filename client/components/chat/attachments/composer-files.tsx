// The composer's files: the paperclip (a file picker, several files), drop anywhere on
// the page, paste from the clipboard. Each file uploads at once and shows as a chip (thumbnail,
// name, size, progress, remove); a send waits for the uploads, and a failed upload says why on its
// chip. Its own chunk, loaded once the page has settled: the first load carries none of it.
import { useContext, useEffect, useImperativeHandle, useRef, useState, type Ref, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import type { UploadLimits } from '../../../../shared/page-state.ts'
import { formatBytes } from '../../../../shared/format-bytes.ts'
import { Icon } from '../../ui/icon.tsx'
import { Tooltip } from '../../ui/tooltip.tsx'
import { notify } from '../../../lib/toast.ts'
import { InitialStateContext } from '../../../lib/page-context.ts'
import { useSession } from '../../../lib/session.ts'
import { discardUpload, uploadFile, type Upload } from './upload.ts'
import { fileSizeOf, rememberFileSize, type SentFile } from './file-sizes.ts'
import { FileIcon } from './file-icon.tsx'
import './attachments.css'

export interface ComposerFilesHandle {
  /** Sends once every upload has finished; does not send while a file could not be uploaded. */
  whenUploaded(send: (files: SentFile[]) => void): void
  /** The message went: the chips go (their uploads are the message's now). */
  clear(): void
  /** A refused message's files come back as chips. */
  restore(files: SentFile[]): void
}

export interface ComposerFilesProps {
  handle: Ref<ComposerFilesHandle>
  textarea: RefObject<HTMLTextAreaElement | null>
  /** Where the paperclip goes (the composer's footer). */
  buttonSlot: HTMLElement | null
  /** How many files the message carries now: a message of files alone may be sent. */
  onCountChange(count: number): void
}

interface Item {
  key: number
  name: string
  size: number
  /** The browser's guess until the server has decided from the bytes. */
  mediaType: string
  /** An object URL of the picked image (freed with freePreview); a restored chip shows `sent.url`. */
  preview: string | null
  status: 'uploading' | 'done' | 'error'
  progress: number
  error?: string
  sent?: SentFile
  upload?: Upload
}

let nextKey = 0

function freePreview(item: Pick<Item, 'preview'>) {
  if (item.preview) URL.revokeObjectURL(item.preview)
}

/** Nothing for a visitor who may not upload (not signed in, and anonymous uploads are off). */
export function ComposerFiles(props: ComposerFilesProps) {
  const limits = useContext(InitialStateContext)?.uploads
  const { loggedIn } = useSession()
  return limits && (limits.anonymous || loggedIn) ? <Attachments {...props} limits={limits} /> : null
}

function Attachments({ handle, limits, textarea, buttonSlot, onCountChange }: ComposerFilesProps & { limits: UploadLimits }) {
  const [items, setItems] = useState<Item[]>([])
  const [dragging, setDragging] = useState(false)
  // Said to screen readers (a removed file), and shown (why a send waits or cannot go).
  const [announcement, setAnnouncement] = useState('')
  const [hint, setHint] = useState('')
  const picker = useRef<HTMLInputElement>(null)
  const queued = useRef<((files: SentFile[]) => void) | null>(null)
  const current = useRef(items)
  current.current = items

  const update = (key: number, change: Partial<Item>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))

  function add(files: File[]) {
    if (files.length === 0) return
    const room = limits.maxFiles - current.current.length
    if (files.length > room) {
      notify({ title: 'Too many files', description: `A message can carry at most ${limits.maxFiles} files.`, variant: 'error' })
      files = files.slice(0, Math.max(0, room))
    }
    const added = files.map((file): Item => {
      const key = ++nextKey
      const base: Item = { key, name: file.name || 'pasted image', size: file.size, mediaType: file.type, preview: null, status: 'uploading', progress: 0 }
      if (file.size > limits.maxBytes) return { ...base, status: 'error', error: `Larger than the limit of ${formatBytes(limits.maxBytes)} per file.` }
      if (file.size === 0) return { ...base, status: 'error', error: 'The file is empty.' }
      const preview = /^image\/(png|jpeg|gif|webp)$/.test(file.type) ? URL.createObjectURL(file) : null
      const upload = uploadFile(file, (progress) => update(key, { progress }))
      upload.done.then(
        (uploaded) => {
          const sent: SentFile = { type: 'file', url: uploaded.url, mediaType: uploaded.mediaType, filename: uploaded.filename }
          rememberFileSize(uploaded.url, uploaded.size)
          // The server decides the type from the bytes: a "picture" that is not one loses its thumbnail.
          const image = uploaded.mediaType.startsWith('image/')
          if (!image) freePreview({ preview })
          update(key, { status: 'done', progress: 1, sent, mediaType: uploaded.mediaType, name: uploaded.filename, size: uploaded.size, ...(image ? {} : { preview: null }) })
        },
        (error: Error) => {
          if (error.name !== 'AbortError') update(key, { status: 'error', error: error.message })
        },
      )
      return { ...base, preview, upload }
    })
    setItems((list) => [...list, ...added])
    setHint('')
  }

  function remove(item: Item) {
    item.upload?.abort()
    if (item.status === 'done' && item.sent) discardUpload(item.sent.url)
    freePreview(item)
    setItems((list) => list.filter((other) => other.key !== item.key))
    setAnnouncement(`Removed ${item.name}`)
    textarea.current?.focus()
  }

  useImperativeHandle(
    handle,
    () => ({
      whenUploaded(send) {
        queued.current = send
        setItems((list) => [...list])
      },
      clear() {
        current.current.forEach(freePreview)
        setItems([])
      },
      restore(files) {
        if (current.current.length > 0) return
        setItems(files.map((sent) => ({ key: ++nextKey, name: sent.filename, size: fileSizeOf(sent.url) ?? 0, mediaType: sent.mediaType, preview: null, status: 'done', progress: 1, sent })))
      },
    }),
    [],
  )

  useEffect(() => onCountChange(items.length), [items.length, onCountChange])

  // A send waiting for its uploads goes once none is left uploading; a failed one holds it back.
  useEffect(() => {
    const send = queued.current
    if (!send) {
      if (!items.some((item) => item.status === 'error')) setHint('')
      return
    }
    if (items.some((item) => item.status === 'error')) {
      queued.current = null
      setHint('A file could not be uploaded: remove it to send your message.')
      return
    }
    if (items.some((item) => item.status === 'uploading')) {
      setHint('Your message is sent once the files are uploaded.')
      return
    }
    queued.current = null
    setHint('')
    send(items.flatMap((item) => (item.sent ? [item.sent] : [])))
  }, [items])

  // Paste: files on the clipboard (a screenshot) are attached instead of pasted as text.
  useEffect(() => {
    const element = textarea.current
    if (!element) return
    function onPaste(event: ClipboardEvent) {
      const files = [...(event.clipboardData?.files ?? [])]
      if (files.length === 0) return
      event.preventDefault()
      add(files)
    }
    element.addEventListener('paste', onPaste)
    return () => element.removeEventListener('paste', onPaste)
  })

  // Drop anywhere on the page while the composer is there (not only on its box: a page-sized target).
  useEffect(() => {
    let depth = 0
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false
    function onEnter(event: DragEvent) {
      if (!carriesFiles(event)) return
      depth++
      setDragging(true)
    }
    function onOver(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      event.dataTransfer!.dropEffect = 'copy'
    }
    function onLeave(event: DragEvent) {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    function onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      add([...(event.dataTransfer?.files ?? [])])
      textarea.current?.focus()
    }
    document.addEventListener('dragenter', onEnter)
    document.addEventListener('dragover', onOver)
    document.addEventListener('dragleave', onLeave)
    document.addEventListener('drop', onDrop)
    return () => {
      document.removeEventListener('dragenter', onEnter)
      document.removeEventListener('dragover', onOver)
      document.removeEventListener('dragleave', onLeave)
      document.removeEventListener('drop', onDrop)
    }
  })

  // Uploads still running when the composer goes (another page) are cancelled; object URLs freed.
  useEffect(
    () => () => {
      for (const item of current.current) {
        item.upload?.abort()
        freePreview(item)
      }
    },
    [],
  )

  const button = (
    <>
      <Tooltip content="Attach files">
        <button type="button" className="composer-files__attach" aria-label="Attach files" onClick={() => picker.current?.click()}>
          <Icon name="lucide:paperclip" size={16} />
        </button>
      </Tooltip>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-file-picker
        onChange={(event) => {
          add([...(event.currentTarget.files ?? [])])
          event.currentTarget.value = ''
        }}
      />
    </>
  )

  return (
    <>
      {buttonSlot && createPortal(button, buttonSlot)}
      {items.length > 0 && (
        <ul className="composer-files" aria-label="Attached files">
          {items.map((item) => (
            <li key={item.key} className="composer-file" data-status={item.status} aria-label={item.name}>
              <span className="composer-file__thumb">
                {item.preview || (item.sent && item.mediaType.startsWith('image/')) ? (
                  <img src={item.preview ?? item.sent!.url} alt="" />
                ) : (
                  <FileIcon mediaType={item.mediaType} name={item.name} size={18} />
                )}
              </span>
              <span className="composer-file__text">
                <span className="composer-file__name" title={item.name}>
                  {item.name}
                </span>
                <span className="composer-file__meta">
                  {item.status === 'error' ? (
                    <span className="composer-file__error" role="alert">
                      {item.error}
                    </span>
                  ) : item.status === 'uploading' ? (
                    `Uploading… ${Math.round(item.progress * 100)}%`
                  ) : (
                    item.size > 0 && formatBytes(item.size)
                  )}
                </span>
                {item.status === 'uploading' && (
                  <span className="composer-file__bar" role="progressbar" aria-label={`Uploading ${item.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}>
                    <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
                  </span>
                )}
              </span>
              <Tooltip content="Remove">
                <button type="button" className="composer-file__remove" aria-label={`Remove ${item.name}`} onClick={() => remove(item)}>
                  <Icon name="lucide:x" size={14} />
                </button>
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {hint && <p className="composer-files__status">{hint}</p>}
      {dragging && (
        <div className="composer-files__drop" aria-hidden="true">
          <span>
            <Icon name="lucide:paperclip" size={20} />
            Drop files to attach them
          </span>
        </div>
      )}
    </>
  )
}
