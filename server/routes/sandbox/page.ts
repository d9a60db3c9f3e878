// The sandbox page's HTML: a root element, its styles inline, and the bootstrap script, which is
// told where the React runtime is (loaded only when a React artifact renders). A version opened in
// a tab of its own carries its content inline (as JSON, so no `</script>` in it can end the block).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Written by scripts/build/sandbox-runtime.ts: the two scripts' hashed names, under the client build. */
export interface SandboxManifest {
  bootstrap: string
  runtime: string
}
/** Where that file is, in the client build. */
export const SANDBOX_MANIFEST = '.vite/sandbox.json'

export function readSandboxManifest(root: string): SandboxManifest | null {
  const path = join(root, 'dist', 'client', SANDBOX_MANIFEST)
  if (!existsSync(path)) return null
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Partial<SandboxManifest>
  const hashed = /^assets\/sandbox-[a-z]+-[\w-]+\.js$/
  if (typeof manifest.bootstrap !== 'string' || typeof manifest.runtime !== 'string' || !hashed.test(manifest.bootstrap) || !hashed.test(manifest.runtime)) {
    throw new Error(`sandbox: ${path} does not name the sandbox's scripts`)
  }
  return { bootstrap: manifest.bootstrap, runtime: manifest.runtime }
}

const STYLES = `html,body{margin:0;height:100%;background:#fff;color:#171717;font-family:system-ui,sans-serif}
html[data-theme=dark],html[data-theme=dark] body{background:#0a0a0a;color:#e5e5e5}
#root{min-height:100%}.fill{display:block;border:0;width:100%;height:100vh}
.svg{display:block;max-width:100%;max-height:100vh;margin:0 auto}
.artifact-error{margin:1rem;padding:.75rem;white-space:pre-wrap;color:#b91c1c;background:#fef2f2;border-radius:.375rem;font:13px ui-monospace,monospace}`

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
// Inside <script type="application/json">: `<` escaped, so nothing in it can close the element.
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

export interface InlineArtifact {
  kind: 'react'
  content: string
}

export function sandboxPage(scripts: { bootstrap: string; runtime: string }, inline?: InlineArtifact): string {
  const data = inline ? `<script type="application/json" id="artifact-content">${jsonInScript(inline)}</script>` : ''
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Artifact preview</title><style>${STYLES}</style></head><body><div id="root"></div>${data}` +
    `<script src="${escapeAttribute(scripts.bootstrap)}" data-runtime="${escapeAttribute(scripts.runtime)}"></script></body></html>`
  )
}
