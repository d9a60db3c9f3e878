import { useEffect } from 'react'
import { Router } from 'wouter'
import type { PageState } from '../shared/page-state.ts'
import { InitialStateContext } from './lib/page-context.ts'
import { PageOutlet } from './components/app/page-outlet.tsx'
import { Toaster } from './components/ui/toaster.tsx'
import { navigateOrReload } from './lib/update-check.ts'

/** SPEC §2: the root holds one app shell: the page outlet and the toast region. */
export function App({ state }: { state: PageState }) {
  // Marks the document as interactive (tests and the update check wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <InitialStateContext value={state}>
      <Router ssrPath={typeof window === 'undefined' ? state.path : undefined} aroundNav={navigateOrReload}>
        <PageOutlet />
        <Toaster />
      </Router>
    </InitialStateContext>
  )
}
