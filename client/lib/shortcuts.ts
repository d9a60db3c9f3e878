// The app's keyboard shortcuts: ⌘K / Ctrl+K opens search, ⌘⇧O / Ctrl+Shift+O starts a new chat.
// Either modifier works on every platform (a Mac user on a PC keyboard presses Ctrl).
export type Shortcut = 'search' | 'new-chat'

export interface KeyLike {
  key: string
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  isComposing?: boolean
}

export function shortcutOf(event: KeyLike): Shortcut | null {
  if (event.isComposing || event.altKey || !(event.metaKey || event.ctrlKey)) return null
  const key = event.key.toLowerCase()
  if (key === 'k' && !event.shiftKey) return 'search'
  if (key === 'o' && event.shiftKey) return 'new-chat'
  return null
}

/** How a shortcut is written for this platform, e.g. in a tooltip: "⌘K" or "Ctrl+K". */
export function shortcutLabel(shortcut: Shortcut, mac = isMac()): string {
  const letter = shortcut === 'search' ? 'K' : 'O'
  const shift = shortcut === 'new-chat'
  return mac ? `⌘${shift ? '⇧' : ''}${letter}` : `Ctrl+${shift ? 'Shift+' : ''}${letter}`
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}
