// The app's side of the sandbox's message channel: one per iframe. It posts the newest content
// (at most one render per RENDER_INTERVAL_MS while an answer streams), accepts only messages that
// come from that iframe's window with the sandbox's origin and the shape readSandboxMessage knows,
// and watches the heartbeat. Nothing the sandbox sends makes the app do anything but report what
// it saw: there is no request it can make.
import { readSandboxMessage, type ToSandbox } from '../../../shared/artifacts.ts'
import { sandboxMessageOrigin } from './sandbox-url.ts'

/** At most ~4 renders a second: a streaming answer changes the content on every chunk. */
export const RENDER_INTERVAL_MS = 250
/** No beat for this long after a render: the preview's thread is stuck (a loop that does not end). */
export const HEARTBEAT_TIMEOUT_MS = 3_000
const WATCH_INTERVAL_MS = 500

export type SandboxContent = Omit<ToSandbox, 'type' | 'renderId'>

export interface SandboxChannelOptions {
  iframe: HTMLIFrameElement
  /** ARTIFACTS_ORIGIN, or null when the sandbox is an opaque-origin frame of this server. */
  origin: string | null
  onRendered(): void
  onError(message: string): void
  onUnresponsive(): void
}

export interface SandboxChannel {
  /** Shows this content (the newest wins when renders come faster than the throttle). */
  render(content: SandboxContent): void
  close(): void
}

export function createSandboxChannel(options: SandboxChannelOptions): SandboxChannel {
  const { iframe } = options
  const expectedOrigin = sandboxMessageOrigin(options.origin)
  // An opaque origin cannot be named as a target: '*', which is safe because the app's frame-src
  // lets the iframe hold nothing but the sandbox page.
  const targetOrigin = '*'
  let ready = false
  let closed = false
  let renderId = 0
  let pending: SandboxContent | null = null
  let lastPostAt = -Infinity
  let throttle: ReturnType<typeof setTimeout> | undefined
  let watch: ReturnType<typeof setInterval> | undefined
  let lastBeat = performance.now()

  function onMessage(event: MessageEvent) {
    if (event.source === null || event.source !== iframe.contentWindow) return
    if (event.origin !== expectedOrigin) return
    const message = readSandboxMessage(event.data)
    if (!message) return
    lastBeat = performance.now()
    // A beat says the sandbox listens too: its `ready` can come before this channel exists (the
    // iframe starts loading when it is inserted, before the effect that makes the channel runs).
    if (message.type === 'artifact:ready' || message.type === 'artifact:heartbeat') {
      ready = true
      schedule()
    } else if (message.type === 'artifact:rendered') {
      if (message.renderId === renderId) options.onRendered()
    } else if (message.type === 'artifact:error') {
      if (message.renderId === renderId) options.onError(message.message)
    }
  }

  function schedule() {
    if (closed || !ready || pending === null || throttle !== undefined) return
    const wait = lastPostAt + RENDER_INTERVAL_MS - performance.now()
    if (wait > 0) {
      throttle = setTimeout(() => {
        throttle = undefined
        schedule()
      }, wait)
      return
    }
    const content = pending
    pending = null
    renderId += 1
    lastPostAt = performance.now()
    lastBeat = lastPostAt
    const message: ToSandbox = { type: 'artifact:render', renderId, ...content }
    iframe.contentWindow?.postMessage(message, targetOrigin)
    watch ??= setInterval(checkHeartbeat, WATCH_INTERVAL_MS)
  }

  function checkHeartbeat() {
    const now = performance.now()
    // A hidden tab's timers (and the frame's) are throttled: beats stop for reasons of the browser's.
    if (document.visibilityState !== 'visible') {
      lastBeat = now
      return
    }
    if (now - lastBeat <= HEARTBEAT_TIMEOUT_MS) return
    clearInterval(watch)
    watch = undefined
    options.onUnresponsive()
  }

  window.addEventListener('message', onMessage)
  return {
    render(content) {
      pending = content
      schedule()
    },
    close() {
      closed = true
      window.removeEventListener('message', onMessage)
      clearTimeout(throttle)
      clearInterval(watch)
    },
  }
}
