// The sandbox's React runtime (loaded only when a React artifact renders): React and react-dom from
// our own build, and sucrase, which turns the artifact's JSX and TypeScript into JavaScript here,
// inside the sandbox, never in the app. The component's imports of 'react' and 'react-dom' are
// these very modules; nothing else can be imported (there is no network to fetch it from anyway).
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import * as JsxRuntime from 'react/jsx-runtime'
import { transform } from 'sucrase'
import { ArtifactBoundary } from './artifact-boundary.ts'

const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react/jsx-runtime': JsxRuntime,
  'react/jsx-dev-runtime': JsxRuntime,
}

interface Callbacks {
  rendered(): void
  error(error: unknown): void
}

type ModuleFactory = (require: (name: string) => unknown, module: { exports: Record<string, unknown> }, exports: Record<string, unknown>) => void

declare global {
  interface Window {
    __artifactDefine?: (factory: ModuleFactory) => void
  }
}

function requireModule(name: string): unknown {
  if (Object.hasOwn(MODULES, name)) return MODULES[name]
  throw new Error(`Cannot import "${name}": a preview can import only react and react-dom.`)
}

/**
 * Runs the compiled module through an inline <script> (the sandbox's policy allows inline code,
 * not eval), so a syntax error the transform let through is reported like any other error.
 */
function evaluate(code: string): Record<string, unknown> {
  let factory: ModuleFactory | undefined
  window.__artifactDefine = (defined) => (factory = defined)
  const script = document.createElement('script')
  script.textContent = `window.__artifactDefine(function (require, module, exports) {\n${code}\n})`
  document.head.append(script)
  script.remove()
  delete window.__artifactDefine
  if (!factory) throw new Error('The component could not be run: its code has a syntax error.')
  const module = { exports: {} as Record<string, unknown> }
  factory(requireModule, module, module.exports)
  return module.exports
}

let reactRoot: ReactDOMClient.Root | null = null
let rootElement: HTMLElement | null = null
let generation = 0

function render(root: HTMLElement, source: string, callbacks: Callbacks) {
  let component: unknown
  try {
    const { code } = transform(source, {
      transforms: ['jsx', 'typescript', 'imports'],
      jsxRuntime: 'automatic',
      production: true,
      filePath: 'artifact.tsx',
    })
    const exports = evaluate(code)
    component = exports.default ?? exports
  } catch (error) {
    callbacks.error(error)
    return
  }
  if (typeof component !== 'function' && !(component && typeof component === 'object' && '$$typeof' in component)) {
    callbacks.error(new Error('The artifact has no default export that is a React component (export default function App() { … }).'))
    return
  }
  if (!reactRoot || rootElement !== root) {
    root.replaceChildren()
    reactRoot?.unmount()
    rootElement = root
    reactRoot = ReactDOMClient.createRoot(root, {
      onUncaughtError: (error) => callbacks.error(error),
      onRecoverableError: () => {},
    })
  }
  generation += 1
  reactRoot.render(
    React.createElement(ArtifactBoundary, { key: generation, onError: (error: unknown) => callbacks.error(error), onRendered: callbacks.rendered }, React.createElement(component as React.ComponentType)),
  )
}

window.__artifactRuntime = { render }
