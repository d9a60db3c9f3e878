// Opens the search palette (⌘K / Ctrl+K, the sidebar's search button). Its code loads on first
// use; while it is open a second press does nothing, so it never stacks on itself.
import { lazyComponent } from './lazy-component.ts'
import { overlay } from './overlay.ts'

const Palette = lazyComponent('the search palette', () => import('../components/history/search-palette.tsx').then((module) => module.SearchPalette))

let open = false

/** Starts loading the palette's code (on hover or focus of a search button). */
export function preloadSearchPalette(): void {
  void Palette.load()
}

export async function openSearchPalette(navigate: (to: string) => void): Promise<void> {
  if (open) return
  open = true
  const typed = typeAhead()
  try {
    const Component = await Palette.load()
    if (!Component) return
    await overlay.open(Component, { navigate, takeTypedAhead: typed.take }).result
  } finally {
    typed.take()
    open = false
  }
}

/**
 * What is typed between ⌘K and the palette's box taking focus (its code and the overlay layer may
 * still be loading): kept for the box, and kept out of whatever had focus before (the composer).
 * `take` ends the listening and answers the text.
 */
function typeAhead(): { take: () => string } {
  let text = ''
  let listening = true
  function onKeyDown(event: KeyboardEvent) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    if (event.key.length === 1) text += event.key
    else if (event.key === 'Backspace') text = text.slice(0, -1)
    else return
    event.preventDefault()
  }
  window.addEventListener('keydown', onKeyDown, true)
  return {
    take() {
      if (listening) window.removeEventListener('keydown', onKeyDown, true)
      listening = false
      const taken = text
      text = ''
      return taken
    },
  }
}
