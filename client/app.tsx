import { useEffect, useState } from 'react'
import { Router } from 'wouter'
import type { PageState } from '../shared/page-state.ts'
import type { IconLookup } from '../shared/icons.ts'
import { IconLookupContext } from './lib/icons.ts'
import { InitialStateContext, useNavigationPending } from './lib/page-context.ts'
import { PageOutlet } from './components/app/page-outlet.tsx'
import { Toaster } from './components/ui/toaster.tsx'
import { navigateOrReload } from './lib/update-check.ts'
import { onSignInError } from './lib/auth-popup.ts'
import { notify } from './lib/toast.ts'
import { OverlayRoot } from './components/ui/overlay-root.tsx'
import { lazyComponent } from './lib/lazy-component.ts'
import { pageSettled } from './lib/page-settled.ts'
import { ConnectionStatus } from './components/app/connection-status.tsx'

/** The root holds one app shell (docs/product-contract.md): the page outlet (with the navigation loading bar), the toast region and the overlays. */
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
        <Router ssrPath={typeof window === 'undefined' ? state.path : undefined} ssrSearch={typeof window === 'undefined' ? state.search : undefined} aroundNav={navigateOrReload}>
          <PageOutlet>
            <NavigationBar />
          </PageOutlet>
          <ConnectionStatus />
          <Toaster />
          <OverlayRoot />
        </Router>
      </IconLookupContext>
    </InitialStateContext>
  )
}

// The navigation loading bar (its timing and its look) is code a first paint does not need: it loads
// once the page has settled, or with the first navigation if that comes sooner.
const LoadingIndicator = lazyComponent('the loading bar', () => import('./components/ui/loading-indicator.tsx').then((module) => module.LoadingIndicator))

function NavigationBar() {
  const pending = useNavigationPending()
  const [settled, setSettled] = useState(false)
  useEffect(() => void pageSettled().then(() => setSettled(true)), [])
  const Bar = LoadingIndicator.useComponent(settled || pending)
  return Bar && <Bar />
}
