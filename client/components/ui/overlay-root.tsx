// The overlay layer's place in the app shell. Its code (layers, focus trap, inert page) loads the
// first time an overlay opens: first paint never shows one, so it stays out of the first load.
import { useOverlays } from '../../lib/overlay.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'

const OverlayHost = lazyComponent('the overlay layer', () => import('./overlay-host.tsx').then((module) => module.OverlayHost))

export function OverlayRoot() {
  const entries = useOverlays()
  // Once loaded, the host stays mounted: it gives focus back when the last overlay closes.
  const Host = OverlayHost.useComponent(entries.length > 0)
  return Host ? <Host /> : null
}
