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
  try {
    const Component = await Palette.load()
    if (!Component) return
    await overlay.open(Component, { navigate }).result
  } finally {
    open = false
  }
}
