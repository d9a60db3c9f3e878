// The playground's artifact sandbox: content typed into the textarea runs in SandboxFrame, exactly
// as the artifact panel runs it, so the escape tests (test/e2e/artifact-sandbox.spec.ts) can try
// hostile content from outside and watch what the app itself sees.
import { lazy, Suspense, useState } from 'react'
import { Button } from '../ui/button.tsx'

// Lazy like the panel's own use of it: the playground's first load stays as it was.
const SandboxFrame = lazy(() => import('../artifacts/sandbox-frame.tsx').then((module) => ({ default: module.SandboxFrame })))

type Kind = 'html' | 'svg' | 'react'

export function SandboxSection() {
  const [kind, setKind] = useState<Kind>('html')
  const [theme, setTheme] = useState<'light' | 'dark'>('light')
  const [content, setContent] = useState('<h1>Hello from the sandbox</h1>')
  const [errors, setErrors] = useState<string[]>([])
  const [rendered, setRendered] = useState(0)
  const [clicks, setClicks] = useState(0)
  return (
    <section aria-labelledby="playground-sandbox" className="flex flex-col gap-3">
      <h2 id="playground-sandbox" className="text-lg font-semibold">
        Artifact sandbox
      </h2>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-2">
          Kind
          <select value={kind} onChange={(event) => setKind(event.target.value as Kind)} className="rounded border border-neutral-300 bg-transparent px-2 py-1 dark:border-neutral-700">
            <option value="html">HTML</option>
            <option value="svg">SVG</option>
            <option value="react">React</option>
          </select>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={theme === 'dark'} onChange={(event) => setTheme(event.target.checked ? 'dark' : 'light')} />
          Dark preview
        </label>
        <Button onClick={() => setClicks((count) => count + 1)}>Count a click</Button>
        <output data-testid="sandbox-clicks">{clicks}</output>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        Sandbox content
        <textarea
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={6}
          spellCheck={false}
          className="rounded border border-neutral-300 bg-transparent p-2 font-mono text-xs dark:border-neutral-700"
        />
      </label>
      <div className="h-64 overflow-hidden rounded border border-neutral-300 dark:border-neutral-700">
        <Suspense fallback={null}>
          <SandboxFrame
            kind={kind}
            content={content}
            theme={theme}
            title="Preview of the playground artifact"
            onError={(message) => setErrors((list) => [...list.slice(-9), message])}
            onRendered={() => setRendered((count) => count + 1)}
          />
        </Suspense>
      </div>
      <p className="text-sm">
        Rendered: <output data-testid="sandbox-rendered">{rendered}</output>
      </p>
      <ul data-testid="sandbox-errors" className="text-sm text-error-700 dark:text-error-400">
        {errors.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </section>
  )
}
