// The languages code blocks are highlighted in, and what models write after ``` for them. Apart from
// the highlighter (highlighter.ts) so that a block in any other language (```text, ```ruby) is left
// plain without starting the highlighter's worker (highlight-off-thread.ts).
export const CODE_LANGUAGES = [
  'typescript', 'tsx', 'javascript', 'jsx', 'json', 'shellscript', 'python', 'html', 'css', 'sql',
  'yaml', 'markdown', 'go', 'rust', 'java', 'c', 'cpp', 'diff', 'dockerfile',
] as const

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]

const ALIASES: Record<string, CodeLanguage> = {
  ts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  py: 'python',
  yml: 'yaml',
  md: 'markdown',
  rs: 'rust',
  golang: 'go',
  'c++': 'cpp',
  docker: 'dockerfile',
  jsonc: 'json',
}

const KNOWN = new Set<string>(CODE_LANGUAGES)

/** The grammar for a fence's language, or null when there is none. */
export function grammarFor(language: string | undefined): CodeLanguage | null {
  if (!language) return null
  const id = language.toLowerCase()
  const name = ALIASES[id] ?? id
  return KNOWN.has(name) ? (name as CodeLanguage) : null
}
