import { useEffect, type RefObject } from 'react'

/**
 * Puts the caret in the prompt when a screen opens (after a navigation too), so typing can start at
 * once. Not on touch screens: focusing would pop the on-screen keyboard over the page.
 */
export function useFocusOnArrival(ref: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    if (!enabled || window.matchMedia('(pointer: coarse)').matches) return
    const active = document.activeElement
    // Someone is typing elsewhere or a dialog is open (the search palette): leave the focus there.
    if (active?.closest('[role="dialog"], input, textarea, select, [contenteditable="true"]')) return
    ref.current?.focus({ preventScroll: true })
  }, [ref, enabled])
}
