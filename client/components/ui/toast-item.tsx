// One toast of the <Toaster/> region (toaster.tsx), loaded with the first toast: its look, its
// close button and action, Escape, and the swipe to the right that closes it.
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { TOAST_SWIPE_THRESHOLD_PX } from '../../../shared/constants.ts'
import type { AppToast, ToastVariant } from '../../lib/toast.ts'
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, XIcon } from './icons.tsx'
// Its own CSS (not Tailwind utilities): how a toast looks is not part of any page's first load.
import './toast-item.css'

/** Horizontal movement before a press becomes a swipe (below it, clicks on buttons still work). */
const SWIPE_SLOP_PX = 5

const VARIANT_ICONS: Record<ToastVariant, ReactNode> = {
  success: <CircleCheckIcon />,
  error: <CircleAlertIcon />,
  info: <InfoIcon />,
}

type Swipe = 'move' | 'cancel' | 'end'

export function ToastItem({ toast, onClose }: { toast: AppToast; onClose: (id: string, item: HTMLElement | null) => void }) {
  const item = useRef<HTMLLIElement>(null)
  const press = useRef<{ x: number; y: number; swiping: boolean } | null>(null)
  const [offset, setOffset] = useState(0)
  const [swipe, setSwipe] = useState<Swipe | undefined>(undefined)
  const content = toast.content ?? {
    title: typeof toast.message === 'string' ? toast.message : '',
    variant: 'info' as const,
    type: 'foreground' as const,
  }
  const open = !toast.dismissed
  const close = () => onClose(toast.id, item.current)

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if (!open || (event.pointerType === 'mouse' && event.button !== 0)) return
    press.current = { x: event.clientX, y: event.clientY, swiping: false }
  }

  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    const start = press.current
    if (!start) return
    const dx = event.clientX - start.x
    if (!start.swiping) {
      // Vertical movement first means scrolling (touch-action: pan-y lets the browser do it).
      if (Math.abs(dx) < SWIPE_SLOP_PX || Math.abs(event.clientY - start.y) > Math.abs(dx)) return
      start.swiping = true
      // Captured only once it is a swipe: capturing on press would retarget the click of the
      // close and action buttons to the toast itself.
      try {
        event.currentTarget.setPointerCapture(event.pointerId)
      } catch {
        // Not an active pointer (synthetic events): movement still arrives on the toast.
      }
    }
    // Swipe direction is right (docs/product-contract.md); a pull to the left does not move it.
    setOffset(Math.max(0, dx))
    setSwipe('move')
  }

  function onPointerEnd(event: PointerEvent<HTMLLIElement>, cancelled: boolean) {
    const start = press.current
    press.current = null
    if (!start?.swiping) return
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId)
    const dx = event.clientX - start.x
    if (!cancelled && dx >= TOAST_SWIPE_THRESHOLD_PX) {
      setSwipe('end')
      close()
    } else {
      // Below the threshold it springs back (the transition animates offset → 0).
      setSwipe('cancel')
      setOffset(0)
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  const transform =
    swipe === 'end' ? 'translateX(calc(100% + 1rem))' : swipe === 'move' && offset > 0 ? `translateX(${offset}px)` : undefined

  return (
    <li
      ref={item}
      tabIndex={open ? 0 : -1}
      inert={!open}
      data-state={open ? 'open' : 'closed'}
      data-swipe={swipe}
      data-variant={content.variant}
      data-type={content.type}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => onPointerEnd(event, false)}
      onPointerCancel={(event) => onPointerEnd(event, true)}
      onKeyDown={onKeyDown}
      style={transform ? { transform } : undefined}
      // toast-item.css: the variant's border, no transition while following the finger, the exit.
      className="toast"
    >
      {/* The live region inside the list item (a list holds list items, not status messages); it
          takes no box of its own, so the item's layout is unchanged. */}
      <div role={toast.ariaProps.role} aria-live={toast.ariaProps['aria-live']} aria-atomic="true" className="toast__content">
      <span className="toast__icon" data-variant={content.variant}>
        {VARIANT_ICONS[content.variant]}
      </span>
      <div className="toast__body">
        <p className="toast__title">{content.title}</p>
        {content.description && <p className="toast__description">{content.description}</p>}
        {content.action && (
          <>
            <span className="sr-only">{content.action.altText}</span>
            <button
              type="button"
              onClick={() => {
                content.action!.onClick()
                close()
              }}
              className="toast__action"
            >
              {content.action.label}
            </button>
          </>
        )}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={close}
        className="toast__close"
      >
        <XIcon width={16} height={16} />
      </button>
      </div>
    </li>
  )
}
