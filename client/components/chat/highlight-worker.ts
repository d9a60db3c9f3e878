// The code highlighter's own thread: Shiki compiles a language's grammar into regular expressions
// the first time it meets the language (~150 ms on a laptop, half a second on a phone) and matches
// them over every line. Here that never blocks the page: it keeps scrolling, typing and hydrating
// while the colours are worked out. Served with a policy that lets it load its chunks
// (server/plugins/render.ts), since a worker runs under its own script's policy, not the page's.
import { highlight } from './highlighter.ts'
import type { HighlightRequest, HighlightResponse } from './highlight-off-thread.ts'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null
  postMessage(message: HighlightResponse): void
}

scope.onmessage = ({ data: { id, code, language } }) => {
  highlight(code, language).then(
    (lines) => scope.postMessage({ id, lines }),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  )
}
