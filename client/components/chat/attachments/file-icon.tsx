import { Icon } from '../../ui/icon.tsx'

/** What kind of file, as an icon: an image, a PDF or document, a table, code, or any other text. */
export function fileIconName(mediaType: string, name: string): string {
  if (mediaType.startsWith('image/')) return 'lucide:image'
  if (mediaType === 'application/pdf') return 'lucide:file-text'
  if (mediaType === 'text/csv' || mediaType === 'text/tab-separated-values') return 'lucide:file-spreadsheet'
  if (mediaType === 'application/json' || /\.(c|cc|cpp|cs|css|go|h|html?|java|jsx?|kt|php|py|rb|rs|sh|sql|swift|tsx?|ya?ml|xml)$/i.test(name)) return 'lucide:file-code'
  return 'lucide:file'
}

export function FileIcon({ mediaType, name, size }: { mediaType: string; name: string; size: number }) {
  return <Icon name={fileIconName(mediaType, name)} size={size} />
}

/** The kind of file in words, for a card: "PDF", "CSV", "Image"… */
export function fileKindLabel(mediaType: string, name: string): string {
  if (mediaType.startsWith('image/')) return `${mediaType.slice(6).toUpperCase()} image`
  if (mediaType === 'application/pdf') return 'PDF'
  if (mediaType === 'text/csv') return 'CSV'
  if (mediaType === 'text/markdown') return 'Markdown'
  if (mediaType === 'application/json') return 'JSON'
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]
  return extension ? `${extension.toUpperCase()} file` : 'Text'
}
