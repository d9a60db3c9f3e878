import { useEffect } from 'react'
import { Router } from 'wouter'
import type { PageState } from '../shared/page-state.ts'
import { InitialStateContext } from './lib/page-context.ts'
import { PageOutlet } from './components/app/page-outlet.tsx'
import { Toaster } from './components/ui/toaster.tsx'
import { OverlayHost } from './components/ui/overlay-host.tsx'
import { LoadingIndicator } from './components/ui/loading-indicator.tsx'

/** SPEC §2: the root holds one app shell: the page outlet (with the navigation loading bar), the toast region and the overlays. */
export function App({ state }: { state: PageState }) {
  // Marks the document as interactive (tests and the update check wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <InitialStateContext value={state}>
      <Router ssrPath={typeof window === 'undefined' ? state.path : undefined}>
        <PageOutlet>
          <LoadingIndicator />
        </PageOutlet>
        <Toaster />
        <OverlayHost />
      </Router>
    </InitialStateContext>
  )
}
