// ⌘F / Ctrl+F on a chat screen asks for its find bar (a long chat shows its latest messages only,
// so the browser's own find cannot see the rest). Pressed again inside the bar, the browser's own
// find opens. The count grows with each press: the bar takes the focus again; 0 is closed. A search
// hit opened from the palette (find-handoff.ts) opens the bar too, on its word and message.
import { useEffect, useState } from 'react'
import { clearFind, onFindRequest, pendingFind, takeFindAfterReload, type FindTarget } from './find-handoff.ts'

export interface FindState {
  /** Grows with each request; 0 is closed. */
  request: number
  /** The search hit to open the bar on, with a number that changes with each (the bar's key). */
  target: (FindTarget & { seq: number }) | null
}

export function useFindShortcut(chatId: string): [find: FindState, close: () => void] {
  const [find, setFind] = useState<FindState>(() => {
    // Arriving from a search hit (client-side navigation only: nothing is pending during hydration).
    const target = pendingFind(chatId)
    return target ? { request: 1, target: { ...target, seq: 1 } } : { request: 0, target: null }
  })
  useEffect(() => {
    clearFind(pendingFind(chatId))
    const onKey = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'f') return
      if ((event.target as Element).closest?.('[data-find-bar]')) return
      event.preventDefault()
      setFind((current) => ({ ...current, request: current.request + 1 }))
    }
    window.addEventListener('keydown', onKey)
    const open = (target: FindTarget) => setFind((current) => ({ request: current.request + 1, target: { ...target, seq: (current.target?.seq ?? 0) + 1 } }))
    // A hit in the chat already on screen.
    const off = onFindRequest((target) => {
      if (target.chatId !== chatId) return false
      open(target)
      return true
    })
    // A hit in another version of this chat, which reloaded the page on that version.
    const reloaded = takeFindAfterReload(chatId)
    if (reloaded) open(reloaded)
    return () => {
      window.removeEventListener('keydown', onKey)
      off()
    }
  }, [chatId])
  return [find, () => setFind({ request: 0, target: null })]
}
