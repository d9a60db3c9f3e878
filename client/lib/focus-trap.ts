// Keeping Tab inside a modal panel (a dialog, the phone drawer): from the last element it wraps to
// the first, and back.

const TABBABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])'

/** What Tab can reach inside `root`, in document order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert]'),
  )
}

/** For a keydown inside `root`: a Tab that would leave it wraps around instead. */
export function keepTabInside(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>, root: HTMLElement): void {
  if (event.key !== 'Tab') return
  const items = tabbables(root)
  const first = items[0]
  const last = items.at(-1)
  const current = document.activeElement
  if (!first || !last) {
    event.preventDefault()
    return
  }
  if (event.shiftKey && (current === first || !items.includes(current as HTMLElement))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (current === last || !items.includes(current as HTMLElement))) {
    event.preventDefault()
    first.focus()
  }
}
