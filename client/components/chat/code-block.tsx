import { createContext, useContext, useEffect, useState } from 'react'
import type { ThemedToken } from 'shiki/core'
import { CopyButton } from './copy-button.tsx'

interface Highlighted {
  code: string
  lines: ThemedToken[][]
}

/** The answer around the code block is still streaming. */
export const StreamingContext = createContext(false)

/** Languages highlighted once already: Shiki and their grammar are loaded and warm. */
const warm = new Set<string>()

/**
 * A fenced code block: language label, copy button, and Shiki colours once its chunks have loaded.
 * Until then (and in the server render) the code shows plain, in the same font and box, so nothing
 * moves when the colours arrive. While an answer streams, the highlighted part is the code as last
 * highlighted and the newest text follows it plain. Shiki works in a worker (highlight-off-thread.ts);
 * the first time a language is met it still waits until the answer is complete and the browser
 * idle, since the grammar's chunks then load and compile while the page has other work.
 */
export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const [highlighted, setHighlighted] = useState<Highlighted | null>(null)
  const streaming = useContext(StreamingContext)
  const key = language ?? ''

  useEffect(() => {
    if (streaming && !warm.has(key)) return
    let active = true
    const run = () => {
      void import('./highlight-off-thread.ts')
        .then(({ highlight }) => highlight(code, language))
        .then((lines) => {
          warm.add(key)
          if (active && lines) setHighlighted({ code, lines })
        })
        .catch((error: unknown) => console.warn('chat: code highlighting failed; the code stays plain', error))
    }
    // Warm: highlight a few times a second as the code streams. Cold: when the browser is idle.
    const timer = warm.has(key) ? setTimeout(run, highlighted ? 150 : 0) : undefined
    const idle = timer === undefined ? whenIdle(run) : undefined
    return () => {
      active = false
      clearTimeout(timer)
      idle?.()
    }
    // `highlighted` only picks the delay; re-running when it changes would highlight twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, language, streaming])

  const usable = highlighted && code.startsWith(highlighted.code) ? highlighted : null
  const rest = usable ? code.slice(usable.code.length) : code

  return (
    <div className="code-block not-prose my-4 overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-700">
      <div className="flex h-9 pointer-coarse:h-12 items-center justify-between border-b border-neutral-200 bg-neutral-100 pr-1 pl-3 text-xs text-neutral-600 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
        <span className="font-mono">{language || 'text'}</span>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre
        // Long lines scroll sideways: keyboard users need to be able to focus it to scroll.
        tabIndex={0}
        className="overflow-x-auto bg-white p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 text-[13px] leading-relaxed dark:bg-neutral-950">
        <code className="font-mono">
          {usable?.lines.map((line, index) => (
            <span key={index}>
              {index > 0 && '\n'}
              {line.map((token, tokenIndex) => (
                <span key={tokenIndex} style={token.htmlStyle as React.CSSProperties | undefined}>
                  {token.content}
                </span>
              ))}
            </span>
          ))}
          {rest}
        </code>
      </pre>
    </div>
  )
}

/** Runs `callback` when the browser is idle (soon anyway); returns a cancel function. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 200)
  return () => clearTimeout(handle)
}
