// Auto-scroll for a streaming conversation. The scroller is `flex-col-reverse`, so its resting
// position is the bottom: the server-rendered page opens on the newest messages with no script, and
// growing content stays in view while the reader is at the bottom. Once the reader scrolls up, the
// browser would let the text they read slide away as the answer grows; we hold it in place instead
// and offer a "Jump to latest" button.
import { useCallback, useEffect, useState, type RefObject } from 'react'

/** Closer to the bottom than this counts as "at the bottom". */
const NEAR_BOTTOM_PX = 48

/** The message the reader is looking at, and how far its top was from the end of the content. */
interface Anchor {
  element: Element
  fromEnd: number
}

/**
 * The first message whose bottom is below the top of the view (messages are in order, so a binary
 * search: a long chat has hundreds). Its distance from the end does not depend on the scroll
 * position, so it stays a valid reference until the content changes.
 */
function pickAnchor(scroller: HTMLElement, content: HTMLElement): Anchor | null {
  const articles = content.querySelectorAll('article')
  const viewTop = scroller.getBoundingClientRect().top
  let low = 0
  let high = articles.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (articles[middle]!.getBoundingClientRect().bottom > viewTop) {
      found = middle
      high = middle - 1
    } else low = middle + 1
  }
  if (found < 0) return null
  const element = articles[found]!
  return { element, fromEnd: fromEnd(element, content) }
}

const fromEnd = (element: Element, content: HTMLElement) => content.getBoundingClientRect().bottom - element.getBoundingClientRect().top

export function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const [atBottom, setAtBottom] = useState(true)

  useEffect(() => {
    const element = scroller.current
    const inner = content.current
    if (!element || !inner) return
    // In a column-reverse scroller scrollTop is 0 at the bottom and negative above it.
    const distance = () => -element.scrollTop
    let height = inner.offsetHeight
    let viewHeight = element.clientHeight
    let anchor = pickAnchor(element, inner)
    const onScroll = () => {
      setAtBottom(distance() < NEAR_BOTTOM_PX)
      // A change not yet seen by the observer (it runs later in this frame) would be measured into
      // the new anchor and never made up for: leave the old anchor to the observer then.
      if (inner.offsetHeight === height) anchor = pickAnchor(element, inner)
    }
    // Content that grows or shrinks below the message being read would move it (the scroller keeps
    // its distance from the end); content above it moves nothing. So whatever changed, wherever
    // (an answer growing, earlier messages put above, a diagram or banner drawn late), the reader's
    // message goes back to where it was. This runs after layout and before paint: no visible jump.
    //
    // The view itself changes height too: the "Jump to latest" strip and the find bar come and go
    // between it and the composer, the composer grows with a long prompt, a phone's keyboard opens.
    // The scroller keeps its distance from the end, so its bottom edge carries the text with it; away
    // from the end, the view grows or shrinks at its bottom instead, and the reader's text stays.
    const observer = new ResizeObserver(() => {
      height = inner.offsetHeight
      let shift = 0
      if (anchor?.element.isConnected && distance() >= NEAR_BOTTOM_PX) shift += fromEnd(anchor.element, inner) - anchor.fromEnd
      const viewChange = element.clientHeight - viewHeight
      viewHeight = element.clientHeight
      // At the very end the end stays in view instead, as an answer streams in.
      if (viewChange !== 0 && distance() > 0) shift -= viewChange
      if (shift !== 0) element.scrollTop -= shift
      anchor = pickAnchor(element, inner)
    })
    observer.observe(inner)
    observer.observe(element)
    element.addEventListener('scroll', onScroll, { passive: true })
    setAtBottom(distance() < NEAR_BOTTOM_PX)
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', onScroll)
    }
  }, [scroller, content])

  // At once, not smoothly: an answer growing during a smooth scroll could stop it short of the end.
  const scrollToBottom = useCallback(() => {
    setAtBottom(true)
    scroller.current?.scrollTo({ top: 0 })
  }, [scroller])

  return { atBottom, scrollToBottom }
}
