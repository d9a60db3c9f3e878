// What the panel and the cards say about each kind: its icon, its name, the file a download makes.
import { ARTIFACT_EXTENSIONS, type ArtifactKind } from '../../../shared/artifacts.ts'

export const KIND_ICONS: Record<ArtifactKind, string> = {
  document: 'lucide:file-text',
  code: 'lucide:code',
  html: 'lucide:app-window',
  svg: 'lucide:shapes',
  mermaid: 'lucide:workflow',
  react: 'lucide:atom',
  table: 'lucide:table',
}

export const KIND_NAMES: Record<ArtifactKind, string> = {
  document: 'Document',
  code: 'Code',
  html: 'Web page',
  svg: 'SVG image',
  mermaid: 'Diagram',
  react: 'React component',
  table: 'Table',
}

/** A language as models name it → the extension its files have. */
const LANGUAGE_EXTENSIONS: Record<string, string> = {
  python: 'py', py: 'py', typescript: 'ts', ts: 'ts', tsx: 'tsx', javascript: 'js', js: 'js', jsx: 'jsx',
  rust: 'rs', go: 'go', golang: 'go', java: 'java', kotlin: 'kt', swift: 'swift', ruby: 'rb', php: 'php',
  c: 'c', cpp: 'cpp', 'c++': 'cpp', csharp: 'cs', 'c#': 'cs', cs: 'cs', shell: 'sh', bash: 'sh', sh: 'sh', zsh: 'sh',
  sql: 'sql', json: 'json', yaml: 'yaml', yml: 'yaml', toml: 'toml', html: 'html', css: 'css', scss: 'scss',
  markdown: 'md', md: 'md', xml: 'xml', lua: 'lua', r: 'r', dart: 'dart', scala: 'scala', haskell: 'hs',
  elixir: 'ex', erlang: 'erl', clojure: 'clj', perl: 'pl', powershell: 'ps1', dockerfile: 'dockerfile', vue: 'vue', svelte: 'svelte',
}

export function artifactExtension(kind: ArtifactKind, language?: string): string {
  if (kind !== 'code') return ARTIFACT_EXTENSIONS[kind]
  return LANGUAGE_EXTENSIONS[(language ?? '').trim().toLowerCase()] ?? 'txt'
}

const MIME: Record<string, string> = { html: 'text/html', svg: 'image/svg+xml', csv: 'text/csv', md: 'text/markdown', json: 'application/json' }

/** "Sales by month" → "sales-by-month.csv" (letters, digits and dashes; never an empty name). */
export function artifactFileName(title: string, kind: ArtifactKind, language?: string): string {
  const base = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'artifact'
  return `${base}.${artifactExtension(kind, language)}`
}

/** Saves the content as a file (a Blob URL, never the server: the text is already here). */
export function downloadArtifact(content: string, title: string, kind: ArtifactKind, language?: string): void {
  const name = artifactFileName(title, kind, language)
  const extension = name.slice(name.lastIndexOf('.') + 1)
  const url = URL.createObjectURL(new Blob([content], { type: `${MIME[extension] ?? 'text/plain'};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
