// A stand-in for client/index.tsx that renders trees a test controls, through the server's real
// streaming path (template, nonce, compression, timeouts).
import { Suspense, use, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import type { SsrEntry } from '../../server/plugins/render.ts'
import type { PageState } from '../../shared/page-state.ts'

export function fixtureEntry(render: (state: PageState) => ReactNode): SsrEntry {
  return {
    renderApp: (state, options) => renderToPipeableStream(<>{render(state)}</>, options),
    preload: async () => {},
    pageModules: {},
  }
}

/** Renders `children` only after `promise` resolves, inside a Suspense boundary. */
export function Slow({ promise, fallback, children }: { promise: Promise<unknown>; fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Await promise={promise}>{children}</Await>
    </Suspense>
  )
}

function Await({ promise, children }: { promise: Promise<unknown>; children: ReactNode }) {
  use(promise)
  return <>{children}</>
}

export function Throw({ message }: { message: string }): ReactNode {
  throw new Error(message)
}
