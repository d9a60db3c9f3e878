// One search result of GET /api/chats/search, as the server sends it and the palette reads it.
export interface ChatSearchHit {
  chatId: string
  title: string
  /** Plain text (never HTML); `highlights` are its [start, end) UTF-16 ranges of matched words. */
  snippet: string
  highlights: Array<[number, number]>
  /** The matching message, or null when the title matched best. */
  messageId: string | null
  updatedAt: number
}
