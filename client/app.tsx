import { useEffect } from 'react'
import { Router } from 'wouter'
import type { PageState } from '../shared/page-state.ts'
import type { IconLookup } from '../shared/icons.ts'
import { IconLookupContext } from './lib/icons.ts'
import { InitialStateContext } from './lib/page-context.ts'
import { PageOutlet } from './components/app/page-outlet.tsx'
import { Toaster } from './components/ui/toaster.tsx'
import { navigateOrReload } from './lib/update-check.ts'
import { onSignInError } from './lib/auth-popup.ts'
import { notify } from './lib/toast.ts'
import { OverlayRoot } from './components/ui/overlay-root.tsx'
import { LoadingIndicator } from './components/ui/loading-indicator.tsx'
import { ConnectionStatus } from './components/app/connection-status.tsx'

/** SPEC §2: the root holds one app shell: the page outlet (with the navigation loading bar), the toast region and the overlays. */
/** `icons`: only in a server render, the icons the server can draw right away (client/lib/icons.ts). */
export function App({ state, icons }: { state: PageState; icons?: IconLookup }) {
  // Errors from the sign-in popup (or a full-page sign-in) come back as a toast here.
  useEffect(
    () => onSignInError((message) => notify({ title: 'Sign-in failed', description: message, variant: 'error', duration: Infinity })),
    [],
  )
  return (
    <InitialStateContext value={state}>
      <IconLookupContext value={icons ?? null}>
        <Router ssrPath={typeof window === 'undefined' ? state.path : undefined} aroundNav={navigateOrReload}>
          <PageOutlet>
            <LoadingIndicator />
          </PageOutlet>
          <ConnectionStatus />
          <Toaster />
          <OverlayRoot />
        </Router>
      </IconLookupContext>
    </InitialStateContext>
  )
}
