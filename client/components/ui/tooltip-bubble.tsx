// The visible part of a tooltip (tooltip.tsx): placed next to its trigger, closed by Escape, a
// scroll or a resize. Its own chunk: first paint needs only the triggers.
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'

const GAP_PX = 8
const EDGE_PX = 8

export interface TooltipBubbleProps {
  id: string
  anchor: RefObject<HTMLElement | null>
  side: 'top' | 'bottom'
  onDismiss: () => void
  children: ReactNode
}

export function TooltipBubble({ id, anchor, side, onDismiss, children }: TooltipBubbleProps) {
  const tip = useRef<HTMLDivElement>(null)

  // Placed before paint, above the trigger (below when there is no room), kept inside the viewport.
  useLayoutEffect(() => {
    const box = anchor.current?.getBoundingClientRect()
    const element = tip.current
    if (!box || !element) return
    const size = element.getBoundingClientRect()
    const above = box.top - size.height - GAP_PX
    const below = box.bottom + GAP_PX
    const useBelow = side === 'bottom' ? below + size.height <= window.innerHeight - EDGE_PX || above < EDGE_PX : above < EDGE_PX
    const left = Math.min(Math.max(EDGE_PX, box.left + box.width / 2 - size.width / 2), window.innerWidth - size.width - EDGE_PX)
    element.style.top = `${useBelow ? below : above}px`
    element.style.left = `${Math.max(EDGE_PX, left)}px`
    element.dataset.side = useBelow ? 'bottom' : 'top'
  }, [anchor, side])

  const dismiss = useRef(onDismiss)
  dismiss.current = onDismiss
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') dismiss.current()
    }
    // A scrolled trigger would leave its tooltip behind.
    const onScroll = () => dismiss.current()
    document.addEventListener('keydown', onKeyDown)
    window.addEventListener('scroll', onScroll, true)
    window.addEventListener('resize', onScroll)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('scroll', onScroll, true)
      window.removeEventListener('resize', onScroll)
    }
  }, [])

  return createPortal(
    <div
      ref={tip}
      id={id}
      role="tooltip"
      className="pointer-events-none fixed top-0 left-0 z-[70] max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md transition-opacity duration-100 starting:opacity-0 dark:bg-neutral-100 dark:text-neutral-900"
    >
      {children}
    </div>,
    document.body,
  )
}
