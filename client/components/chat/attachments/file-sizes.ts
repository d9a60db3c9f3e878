// A message's file part carries no size (the AI SDK's `file` part has none): the chat page's data
// has the sizes of its chat's files, and files uploaded in this tab are remembered here, so a card
// shows its size from the moment the message is sent.

/** A file as a message carries it: the AI SDK's `file` part with our own /api/files/<id> URL. */
export interface SentFile {
  type: 'file'
  url: string
  mediaType: string
  filename: string
}

const sizes = new Map<string, number>()

export function rememberFileSize(url: string, size: number): void {
  sizes.set(url, size)
}

/** The size of a file by its URL, from the page's data or this tab's uploads; null when unknown. */
export function fileSizeOf(url: string, pageSizes?: Record<string, number>): number | null {
  const id = url.slice(url.lastIndexOf('/') + 1)
  return pageSizes?.[id] ?? sizes.get(url) ?? null
}
