// Auto-scroll for a streaming conversation. The scroller is `flex-col-reverse`, so its resting
// position is the bottom: the server-rendered page opens on the newest messages with no script, and
// growing content stays in view while the reader is at the bottom. Once the reader scrolls up, the
// browser would let the text they read slide away as the answer grows; we hold it in place instead
// and offer a "Jump to latest" button.
import { useCallback, useEffect, useState, type RefObject } from 'react'

/** Closer to the bottom than this counts as "at the bottom". */
const NEAR_BOTTOM_PX = 48

export function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const [atBottom, setAtBottom] = useState(true)

  useEffect(() => {
    const element = scroller.current
    const inner = content.current
    if (!element || !inner) return
    // In a column-reverse scroller scrollTop is 0 at the bottom and negative above it.
    const distance = () => -element.scrollTop
    const update = () => setAtBottom(distance() < NEAR_BOTTOM_PX)
    let height = inner.offsetHeight
    // Growth above the reader (earlier messages of a long chat put before the first one) needs no
    // help: the scroller keeps its distance from the end. It shows as a new first message.
    let first = inner.querySelector('article')
    const observer = new ResizeObserver(() => {
      const next = inner.offsetHeight
      const grown = next - height
      height = next
      const top = inner.querySelector('article')
      const above = top !== first
      first = top
      if (above) return
      // Reading further up: keep the text where it is (the new content grows below the viewport).
      // The position is read now, not from the last scroll event, which may not have arrived yet.
      if (grown !== 0 && distance() >= NEAR_BOTTOM_PX) element.scrollTop -= grown
    })
    observer.observe(inner)
    element.addEventListener('scroll', update, { passive: true })
    update()
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', update)
    }
  }, [scroller, content])

  // At once, not smoothly: an answer growing during a smooth scroll could stop it short of the end.
  const scrollToBottom = useCallback(() => {
    setAtBottom(true)
    scroller.current?.scrollTo({ top: 0 })
  }, [scroller])

  return { atBottom, scrollToBottom }
}
