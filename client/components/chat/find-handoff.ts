// A search hit opens its chat at the message that matched (a long chat shows its latest messages
// only, so the hit may not be on the page yet): the search palette hands the chat screen the
// message and the word it marked, and the screen opens its find bar on that word at that message.
export interface FindTarget {
  chatId: string
  /** What the find bar looks for: the word the search marked in the hit's snippet. */
  query: string
  messageId: string
}

/** A target not taken by then (the chat did not open: offline, an error page) is forgotten. */
const PENDING_FOR_MS = 30_000

let pending: (FindTarget & { at: number }) | null = null
const screens = new Set<(target: FindTarget) => boolean>()

/** Asks for `target` on arrival at its chat, or at once when its chat is already on screen. */
export function requestFind(target: FindTarget): void {
  pending = { ...target, at: Date.now() }
  for (const screen of screens) if (screen(target)) return void (pending = null)
}

/** The target waiting for this chat (read during render: nothing changes). */
export function pendingFind(chatId: string): FindTarget | null {
  return pending?.chatId === chatId && Date.now() - pending.at < PENDING_FOR_MS ? pending : null
}

/** The chat screen has opened its bar on it: it is not asked for again. */
export function clearFind(target: FindTarget | null): void {
  if (target && pending === target) pending = null
}

/** A chat screen hears the targets asked for while it is shown; `take` answers whether it took one. */
export function onFindRequest(take: (target: FindTarget) => boolean): () => void {
  screens.add(take)
  return () => void screens.delete(take)
}
