// Find in this chat: a long chat shows its latest messages only, so the browser's own
// find cannot see the rest. ⌘F / Ctrl+F opens this bar; it asks the server which messages of the
// shown branch hold the text, loads the chat back to a match it does not show yet, scrolls to it,
// and marks every occurrence on screen (CSS Custom Highlights: no change to the messages' DOM).
// Enter goes to the next (newer) match, Shift+Enter to the previous, Escape closes; ⌘F / Ctrl+F
// inside the bar opens the browser's own find. A search hit chosen in the palette opens the bar on
// the hit's word, at the hit's message (find-handoff.ts). Its own chunk with plain CSS.
import { useEffect, useRef, useState } from 'react'
import { http } from '../../lib/http.ts'
import { Icon } from '../ui/icon.tsx'
import type { FindTarget } from './find-handoff.ts'
import './find-bar.css'

export interface FindBarProps {
  chatId: string
  /** Grows with each ⌘F / Ctrl+F: the bar takes the focus again. */
  request: number
  /** Opened from a search hit: its word is looked for, and its message is the first match shown. */
  target?: FindTarget
  /** Loads the chat back until the message with `after` messages after it is shown. */
  loadUntil: (after: number) => Promise<void>
  /** The messages shown changed (more were loaded): the marks are made again. */
  shownCount: number
  onClose: () => void
}

interface Match {
  id: string
  after: number
}

const TYPING_PAUSE_MS = 250

export function FindBar({ chatId, request, target, loadUntil, shownCount, onClose }: FindBarProps) {
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState(target?.query ?? '')
  /** The search hit's message, until the matches of its word have arrived. */
  const startAt = useRef(target?.messageId)
  /** The search hit's word is looked for at once: it was not typed here. */
  const given = useRef(target?.query)
  const [matches, setMatches] = useState<Match[] | null>(null)
  const [current, setCurrent] = useState(-1)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [request])

  // The matches of what was typed, once typing pauses; the newest first (nearest to the reader), or
  // the search hit's message.
  useEffect(() => {
    const text = query.trim()
    if (!text) return void (setMatches(null), setCurrent(-1))
    const controller = new AbortController()
    const pause = text === given.current?.trim() ? 0 : TYPING_PAUSE_MS
    given.current = undefined
    const timer = setTimeout(async () => {
      try {
        const { matches: found } = await http.get<{ matches: Match[] }>(`/api/chats/${encodeURIComponent(chatId)}/find?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        setFailed(false)
        const hit = startAt.current ? found.findIndex((match) => match.id === startAt.current) : -1
        startAt.current = undefined
        setMatches(found)
        setCurrent(hit >= 0 ? hit : found.length - 1)
      } catch {
        if (!controller.signal.aborted) setFailed(true)
      }
    }, pause)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, chatId])

  // Shows the current match: loads back to it, then brings it into view.
  const match = matches?.[current]
  useEffect(() => {
    if (!match) return
    let active = true
    // The loaded messages show a few frames later (the chat renders at most every 50 ms): looked
    // for each frame, for two seconds at most.
    const reveal = (frames: number) => {
      if (!active) return
      const element = document.querySelector(`[data-message-id="${CSS.escape(match.id)}"]`)
      if (element) element.scrollIntoView({ block: 'center' })
      else if (frames < 120) requestAnimationFrame(() => reveal(frames + 1))
    }
    void loadUntil(match.after).then(() => reveal(0))
    return () => {
      active = false
    }
    // loadUntil changes with every render of the chat; the match is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [match])

  // Every occurrence in the matching messages on screen is marked; the current message's stronger.
  useEffect(() => {
    const text = query.trim().toLocaleLowerCase()
    if (!text || !matches || typeof CSS === 'undefined' || !('highlights' in CSS)) return
    const frame = requestAnimationFrame(() => {
      const all = new Highlight()
      const strong = new Highlight()
      for (const { id } of matches) {
        const element = document.querySelector(`[data-message-id="${CSS.escape(id)}"]`)
        if (!element) continue
        for (const range of occurrences(element, text)) (id === match?.id ? strong : all).add(range)
      }
      CSS.highlights.set('chat-find', all)
      CSS.highlights.set('chat-find-current', strong)
    })
    return () => cancelAnimationFrame(frame)
  }, [query, matches, match, shownCount])
  useEffect(
    () => () => {
      if (typeof CSS !== 'undefined' && 'highlights' in CSS) {
        CSS.highlights.delete('chat-find')
        CSS.highlights.delete('chat-find-current')
      }
    },
    [],
  )

  const count = matches?.length ?? 0
  const step = (by: number) => count > 0 && setCurrent((index) => (index + by + count) % count)
  const status = failed ? 'Could not search this chat' : matches === null ? '' : count === 0 ? 'No matches' : `${current + 1} of ${count}`

  return (
    <div className="find-bar" role="search" aria-label="Find in this chat" data-find-bar="">
      <input
        ref={input}
        className="find-bar__input"
        type="text"
        enterKeyHint="search"
        aria-label="Find in this chat"
        placeholder="Find in this chat"
        maxLength={200}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            step(event.shiftKey ? -1 : 1)
          } else if (event.key === 'Escape') {
            event.preventDefault()
            onClose()
          }
        }}
      />
      <span className="find-bar__status" role="status">
        {status}
      </span>
      <button type="button" className="find-bar__button" aria-label="Previous match" disabled={count < 2} onClick={() => step(-1)}>
        <Icon name="lucide:chevron-up" size={18} />
      </button>
      <button type="button" className="find-bar__button" aria-label="Next match" disabled={count < 2} onClick={() => step(1)}>
        <Icon name="lucide:chevron-down" size={18} />
      </button>
      <button type="button" className="find-bar__button" aria-label="Close find" onClick={onClose}>
        <Icon name="lucide:x" size={18} />
      </button>
    </div>
  )
}

/** The ranges of `text` (lower case) in the text under `root`, within one text node each. */
function occurrences(root: Element, text: string): Range[] {
  const ranges: Range[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = (node.nodeValue ?? '').toLocaleLowerCase()
    for (let at = value.indexOf(text); at !== -1; at = value.indexOf(text, at + text.length)) {
      const range = new Range()
      range.setStart(node, at)
      range.setEnd(node, at + text.length)
      ranges.push(range)
    }
  }
  return ranges
}
