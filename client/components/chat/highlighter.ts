// Code highlighting (Shiki), loaded the first time a code block asks for it: the highlighter core,
// its JavaScript regex engine (no WebAssembly), the two themes and each grammar arrive as their own
// chunks, so a chat without code never downloads them and one with TypeScript downloads only that.
import type { HighlighterCore, ThemedToken } from 'shiki/core'
import { grammarFor, type CodeLanguage } from './code-languages.ts'

/** Grammar chunks by language id (code-languages.ts names them, with their aliases). */
const GRAMMARS: Record<CodeLanguage, () => Promise<unknown>> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
}

/** Light and dark themes whose comment colours keep a 4.5:1 contrast on the code block background. */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const

let highlighter: Promise<HighlighterCore> | undefined
const loadedGrammars = new Map<string, Promise<void>>()

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ])
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    })
  })()
  highlighter.catch(() => (highlighter = undefined))
  return highlighter
}

/** The code as lines of coloured tokens (a light and a dark colour each), or null for an unknown language. */
export async function highlight(code: string, language: string | undefined): Promise<ThemedToken[][] | null> {
  const grammar = grammarFor(language)
  if (!grammar) return null
  const core = await getHighlighter()
  let loading = loadedGrammars.get(grammar)
  if (!loading) {
    loading = GRAMMARS[grammar]!().then((module) => core.loadLanguage((module as { default: Parameters<HighlighterCore['loadLanguage']>[0] }).default))
    loading.catch(() => loadedGrammars.delete(grammar))
    loadedGrammars.set(grammar, loading)
  }
  await loading
  return core.codeToTokens(code, { lang: grammar, themes: CODE_THEMES, defaultColor: 'light' }).tokens
}
