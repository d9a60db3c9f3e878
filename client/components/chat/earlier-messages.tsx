// The top of a long chat: its page carries the latest messages only, and earlier ones
// load as the reader scrolls near the top (or presses the button, from the keyboard or a screen
// reader). Its own chunk with plain CSS, fetched only for a chat that has earlier messages. The
// list is a column-reverse scroller anchored at its end, so messages added above leave what the
// reader sees where it was.
import { useEffect, useRef, useState, type RefObject } from 'react'
import './earlier-messages.css'

export interface EarlierMessagesProps {
  /** Loads the page of messages before the first one shown. */
  onLoad: () => Promise<unknown>
  /** The first message shown: a new one means a page arrived (and the watch starts over). */
  firstId: string | undefined
  scroller: RefObject<HTMLDivElement | null>
}

/** How close to the top (px) the reader gets before the next page loads. */
const AHEAD_PX = 800

export function EarlierMessages({ onLoad, firstId, scroller }: EarlierMessagesProps) {
  const button = useRef<HTMLButtonElement>(null)
  const [loading, setLoading] = useState(false)
  const running = useRef(false)

  async function load() {
    if (running.current) return
    running.current = true
    setLoading(true)
    try {
      await onLoad()
    } finally {
      running.current = false
      setLoading(false)
    }
  }

  useEffect(() => {
    const target = button.current
    if (!target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void load(), { root: scroller.current, rootMargin: `${AHEAD_PX}px 0px 0px 0px` })
    observer.observe(target)
    return () => observer.disconnect()
    // A new first message: watch again (the button may still be near, on a tall screen).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstId])

  return (
    <div className="earlier-messages">
      <button ref={button} type="button" className="earlier-messages__button" onClick={() => void load()} aria-busy={loading} disabled={loading}>
        {loading ? 'Loading earlier messages…' : 'Show earlier messages'}
      </button>
    </div>
  )
}
