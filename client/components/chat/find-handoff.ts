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

// A hit in another version of the chat already on screen reloads the page (its screen must be
// read again on that branch): the target waits in sessionStorage, this tab's only, meanwhile.
const RELOAD_KEY = 'find-after-reload'

/** Asks for `target` once the page has loaded again (see RELOAD_KEY). */
export function requestFindAfterReload(target: FindTarget): void {
  try {
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ ...target, at: Date.now() }))
  } catch {
    // Storage refused (private mode, full): the chat opens on its branch without the bar.
  }
}

/** The target a reload of this chat was asked with, taken once (after hydration: the server drew no bar). */
export function takeFindAfterReload(chatId: string): FindTarget | null {
  try {
    const raw = sessionStorage.getItem(RELOAD_KEY)
    if (raw === null) return null
    sessionStorage.removeItem(RELOAD_KEY)
    const { at, ...target } = JSON.parse(raw) as FindTarget & { at: number }
    return target.chatId === chatId && Date.now() - at < PENDING_FOR_MS ? target : null
  } catch {
    return null
  }
}

/** A chat screen hears the targets asked for while it is shown; `take` answers whether it took one. */
export function onFindRequest(take: (target: FindTarget) => boolean): () => void {
  screens.add(take)
  return () => void screens.delete(take)
}
