import { useEffect } from 'react'
import { Router } from 'wouter'
import type { PageState } from '../shared/page-state.ts'
import type { IconLookup } from '../shared/icons.ts'
import { IconLookupContext } from './lib/icons.ts'
import { InitialStateContext } from './lib/page-context.ts'
import { PageOutlet } from './components/app/page-outlet.tsx'
import { Toaster } from './components/ui/toaster.tsx'

/** SPEC §2: the root holds one app shell: the page outlet and the toast region. */
/** `icons`: only in a server render, the icons the server can draw right away (client/lib/icons.ts). */
export function App({ state, icons }: { state: PageState; icons?: IconLookup }) {
  // Marks the document as interactive (tests and the update check wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <InitialStateContext value={state}>
      <IconLookupContext value={icons ?? null}>
        <Router ssrPath={typeof window === 'undefined' ? state.path : undefined}>
          <PageOutlet />
          <Toaster />
        </Router>
      </IconLookupContext>
    </InitialStateContext>
  )
}
