// The sandbox page's own script (served by server/routes/sandbox/, bundled on its own by
// scripts/build/sandbox-runtime.ts). It runs in an opaque origin with no network: it waits for
// `artifact:render` from the app that embeds it, shows the content, and says only what it saw.
// HTML runs in a nested srcdoc frame (a fresh document per render, under this page's policy and
// sandbox flags); SVG is an image (no script runs in it); React loads its runtime on first use.
import { SANDBOXED_KINDS, type ArtifactKind, type FromSandbox, type ToSandbox } from '../../shared/artifacts.ts'
import { htmlDocument, CHILD_ERROR, WEBRTC_GLOBALS } from './html-document.ts'

// Before any artifact code runs here (React artifacts run in this document): no WebRTC, which
// Chromium does not hold to the page's connect-src.
for (const name of WEBRTC_GLOBALS) {
  try {
    Object.defineProperty(window, name, { value: undefined, writable: false, configurable: false })
  } catch {}
}

const HEARTBEAT_MS = 500
const root = document.getElementById('root') as HTMLElement
const runtimeUrl = (document.currentScript as HTMLScriptElement | null)?.dataset.runtime ?? ''
let current = 0
let child: HTMLIFrameElement | null = null

function send(message: FromSandbox) {
  // The embedder is the app (frame-ancestors allows nobody else); these carry nothing of the app's.
  window.parent.postMessage(message, '*')
}

function fail(renderId: number, error: unknown) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  send({ type: 'artifact:error', renderId, message })
}

function readRender(data: unknown): ToSandbox | null {
  if (!data || typeof data !== 'object') return null
  const message = data as Record<string, unknown>
  if (message.type !== 'artifact:render' || !Number.isSafeInteger(message.renderId)) return null
  if (typeof message.content !== 'string' || !SANDBOXED_KINDS.includes(message.kind as ArtifactKind)) return null
  if (message.theme !== 'light' && message.theme !== 'dark') return null
  return message as unknown as ToSandbox
}

function clear() {
  child?.remove()
  child = null
  root.replaceChildren()
}

function renderHtml(message: ToSandbox) {
  clear()
  const frame = document.createElement('iframe')
  // The same flags as this page's own frame; a child never gets more than its parent anyway.
  frame.setAttribute('sandbox', 'allow-scripts')
  frame.title = 'Artifact'
  frame.className = 'fill'
  frame.addEventListener('load', () => message.renderId === current && send({ type: 'artifact:rendered', renderId: message.renderId }), { once: true })
  frame.srcdoc = htmlDocument(message.content, message.theme)
  child = frame
  root.append(frame)
}

function renderSvg(message: ToSandbox) {
  clear()
  // As an image an SVG runs no script and loads nothing (no external images, fonts or styles).
  const image = document.createElement('img')
  image.alt = ''
  image.className = 'svg'
  image.addEventListener('load', () => message.renderId === current && send({ type: 'artifact:rendered', renderId: message.renderId }))
  image.addEventListener('error', () => message.renderId === current && fail(message.renderId, new Error('The SVG could not be drawn: it is not a valid SVG image.')))
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(message.content)}`
  root.append(image)
}

interface ReactRuntime {
  render(root: HTMLElement, source: string, callbacks: { rendered(): void; error(error: unknown): void }): void
}
declare global {
  interface Window {
    __artifactRuntime?: ReactRuntime
  }
}
let runtime: Promise<ReactRuntime> | null = null

function loadRuntime(): Promise<ReactRuntime> {
  runtime ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = runtimeUrl
    script.addEventListener('load', () => (window.__artifactRuntime ? resolve(window.__artifactRuntime) : reject(new Error('The React runtime did not start.'))))
    script.addEventListener('error', () => {
      runtime = null
      reject(new Error('The React runtime could not be loaded.'))
    })
    document.head.append(script)
  })
  return runtime
}

async function renderReact(message: ToSandbox) {
  const react = await loadRuntime()
  if (message.renderId !== current) return
  child?.remove()
  child = null
  react.render(root, message.content, {
    rendered: () => message.renderId === current && send({ type: 'artifact:rendered', renderId: message.renderId }),
    error: (error) => message.renderId === current && fail(message.renderId, error),
  })
}

window.addEventListener('message', (event) => {
  // A child's error report (its own script sends it; it can say nothing but its own error).
  if (child && event.source === child.contentWindow) {
    const data = event.data as { type?: unknown; message?: unknown } | null
    if (data?.type === CHILD_ERROR && typeof data.message === 'string') send({ type: 'artifact:error', renderId: current, message: data.message.slice(0, 4_000) })
    return
  }
  if (event.source !== window.parent) return
  const message = readRender(event.data)
  if (message) show(message)
})

function show(message: ToSandbox) {
  current = message.renderId
  document.documentElement.dataset.theme = message.theme
  document.documentElement.style.colorScheme = message.theme
  try {
    if (message.kind === 'html') renderHtml(message)
    else if (message.kind === 'svg') renderSvg(message)
    else renderReact(message).catch((error: unknown) => fail(message.renderId, error))
  } catch (error) {
    fail(message.renderId, error)
  }
}

// Errors of the artifact's own code here (React artifacts run in this document).
window.addEventListener('error', (event) => fail(current, event.error ?? event.message))
window.addEventListener('unhandledrejection', (event) => fail(current, event.reason))

// A version opened in a tab of its own carries its content in the page (it has no embedder).
const inline = document.getElementById('artifact-content')
if (inline?.textContent) {
  const { kind, content } = JSON.parse(inline.textContent) as { kind: ArtifactKind; content: string }
  const theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  show({ type: 'artifact:render', renderId: 1, kind, content, theme })
} else {
  setInterval(() => send({ type: 'artifact:heartbeat' }), HEARTBEAT_MS)
  send({ type: 'artifact:ready' })
}
