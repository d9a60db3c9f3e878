// A preview of an html, svg or react artifact, run in the sandbox (server/routes/sandbox/): an
// iframe with `sandbox="allow-scripts"` only, so its document has an opaque origin (no cookies, no
// storage, no access to this page) and the sandbox page's own policy allows no network at all.
// docs/decisions/0013-artifact-sandbox.md explains the choices.
import { useContext, useEffect, useRef, useState, type JSX } from 'react'
import { InitialStateContext } from '../../lib/page-context.ts'
import { Button } from '../ui/button.tsx'
import { createSandboxChannel, type SandboxChannel } from './sandbox-channel.ts'
import { sandboxUrl } from './sandbox-url.ts'

export interface SandboxFrameProps {
  kind: 'html' | 'svg' | 'react'
  content: string
  theme: 'light' | 'dark'
  /** The iframe's accessible name ("Preview of …"). */
  title: string
  /** The artifact failed: an uncaught error, a rejected promise, a React render error. */
  onError?(message: string): void
  onRendered?(): void
}

// Never allow-same-origin (the frame would be this app), allow-top-navigation* (it could replace
// the app), allow-popups* (a tab that escapes the sandbox's flags), allow-forms or allow-modals.
const SANDBOX_FLAGS = 'allow-scripts'
// The iframe's Permissions Policy, on top of the sandbox page's own header.
const DENIED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'clipboard-read',
  'clipboard-write',
  'fullscreen',
  'publickey-credentials-get',
  'screen-wake-lock',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature} 'none'`)
  .join('; ')

type FrameState = 'live' | 'unresponsive' | 'stopped'

export function SandboxFrame(props: SandboxFrameProps): JSX.Element {
  const { kind, content, theme, title } = props
  const origin = useContext(InitialStateContext)?.artifactsOrigin ?? null
  const [state, setState] = useState<FrameState>('live')
  // A new number mounts a new iframe (Run again): a fresh document, and a fresh process when the old one was stuck.
  const [run, setRun] = useState(0)
  const iframeRef = useRef<HTMLIFrameElement>(null)
  const channelRef = useRef<SandboxChannel | null>(null)
  const callbacks = useRef(props)
  callbacks.current = props
  const stopped = state === 'stopped'

  useEffect(() => {
    const iframe = iframeRef.current
    if (stopped || !iframe) return
    const channel = createSandboxChannel({
      iframe,
      origin,
      onRendered: () => callbacks.current.onRendered?.(),
      onError: (message) => callbacks.current.onError?.(message),
      onUnresponsive: () => setState('unresponsive'),
    })
    channelRef.current = channel
    return () => {
      channel.close()
      channelRef.current = null
    }
  }, [origin, run, stopped])

  useEffect(() => {
    channelRef.current?.render({ kind, content, theme })
  }, [kind, content, theme, run, stopped])

  const runAgain = () => {
    setState('live')
    setRun((value) => value + 1)
  }

  return (
    <div className="relative flex h-full min-h-48 w-full flex-col" data-sandbox-state={state}>
      {stopped ? null : (
        <iframe
          key={run}
          ref={iframeRef}
          src={sandboxUrl(origin)}
          title={title}
          sandbox={SANDBOX_FLAGS}
          allow={DENIED_FEATURES}
          referrerPolicy="no-referrer"
          className="h-full min-h-48 w-full flex-1 border-0 bg-white dark:bg-neutral-950"
        />
      )}
      {state === 'live' ? null : (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/95 p-4 text-center dark:bg-neutral-950/95">
          <p className="text-sm text-neutral-700 dark:text-neutral-200">{stopped ? 'The preview was stopped.' : 'This preview is not responding.'}</p>
          <div className="flex gap-2">
            {stopped ? null : (
              <Button variant="danger" onClick={() => setState('stopped')}>
                Stop
              </Button>
            )}
            <Button onClick={runAgain}>Run again</Button>
          </div>
        </div>
      )}
    </div>
  )
}
