import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import { useConnectionState } from '../../lib/connection.ts'

// The notice's look comes once the page has settled, before any connection is likely to be lost;
// until then (or if it could not come) the live region says the same in plain words.
const Notice = lazyComponent('the connection notice', () => import('./connection-notice.tsx').then((module) => module.ConnectionNotice))
if (typeof window !== 'undefined') void pageSettled().then(() => Notice.load())

/** Always in the page, so screen readers announce a change (a live region must exist before it). */
export function ConnectionStatus() {
  const connection = useConnectionState()
  const Loaded = Notice.useComponent(connection !== 'online')
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-2 z-[90] flex justify-center px-4">
      {Loaded ? <Loaded /> : connection !== 'online' && (connection === 'offline' ? 'You are offline.' : 'Reconnecting…')}
    </div>
  )
}
