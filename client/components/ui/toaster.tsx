import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { useToaster } from 'react-hot-toast/headless'
import {
  TOAST_MAX_VISIBLE,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
} from '../../../shared/constants.ts'
import { cn } from '../../lib/cn.ts'
import {
  DEFAULT_TOASTER_LABEL,
  dismiss,
  removeToast,
  resolveToasterLabel,
  toastsOverLimit,
  type AppToast,
  type ToastVariant,
} from '../../lib/toast.ts'
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, XIcon } from './icons.tsx'

/** Horizontal movement before a press becomes a swipe (below it, clicks on buttons still work). */
const SWIPE_SLOP_PX = 5

const VARIANT_ICONS: Record<ToastVariant, ReactNode> = {
  success: <CircleCheckIcon className="text-primary-600 dark:text-primary-400" />,
  error: <CircleAlertIcon className="text-error-600 dark:text-error-500" />,
  info: <InfoIcon className="text-secondary-600 dark:text-secondary-500" />,
}

/**
 * SPEC §2, §4, §9: the toast viewport, top-right, 24rem wide from `sm` (full width below). F8 moves
 * focus into it; hovering or focusing it pauses every toast's timer; at most 5 stay open.
 */
export function Toaster({ label = DEFAULT_TOASTER_LABEL }: { label?: string }) {
  const { toasts, handlers } = useToaster({ removeDelay: TOAST_REMOVE_DELAY_MS })
  const name = resolveToasterLabel(label)
  const list = useRef<HTMLOListElement>(null)
  // Where focus was before F8, to give it back when the last toast closes from the keyboard.
  const returnFocus = useRef<HTMLElement | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)

  // react-hot-toast keeps 20; the spec keeps 5. Layout effect: the sixth never paints.
  useLayoutEffect(() => {
    for (const id of toastsOverLimit(toasts, TOAST_MAX_VISIBLE)) removeToast(id)
  }, [toasts])

  // endPause only acts when it sees the pause in its closure, so always call the latest one.
  const latest = useRef(handlers)
  latest.current = handlers
  const paused = hovered || focused
  useEffect(() => {
    if (!paused) return
    latest.current.startPause()
    return () => latest.current.endPause()
  }, [paused])

  // A focused toast removed from the DOM (dropped over the limit) takes focus with it without a
  // blur event; re-check so the timers do not stay paused forever.
  useEffect(() => {
    setFocused(!!list.current?.contains(document.activeElement))
  }, [toasts])

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== TOAST_VIEWPORT_HOTKEY && event.code !== TOAST_VIEWPORT_HOTKEY) return
      event.preventDefault()
      const region = list.current
      if (!region) return
      const active = document.activeElement
      if (active instanceof HTMLElement && !region.contains(active)) returnFocus.current = active
      const newest = region.querySelector<HTMLElement>('li[data-state="open"]')
      ;(newest ?? region).focus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  /** Closing the focused toast moves focus to its neighbour, or back to where F8 came from. */
  function close(id: string, item: HTMLElement | null) {
    if (item && item.contains(document.activeElement)) {
      const open = [...(list.current?.querySelectorAll<HTMLElement>('li[data-state="open"]') ?? [])]
      const index = open.indexOf(item)
      const next = open[index + 1] ?? open[index - 1]
      if (next) next.focus()
      else if (returnFocus.current?.isConnected) returnFocus.current.focus()
      else list.current?.focus()
    }
    dismiss(id)
  }

  return (
    <section
      aria-label={`${name} (${TOAST_VIEWPORT_HOTKEY})`}
      data-overlay-exempt
      className="pointer-events-none fixed top-0 right-0 z-[60] w-full p-4 sm:w-96"
    >
      <ol
        ref={list}
        tabIndex={-1}
        className="pointer-events-auto flex flex-col gap-2 outline-none"
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
        }}
      >
        {(toasts as AppToast[]).map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={close} />
        ))}
      </ol>
    </section>
  )
}

function ToastItem({ toast, onClose }: { toast: AppToast; onClose: (id: string, item: HTMLElement | null) => void }) {
  const item = useRef<HTMLLIElement>(null)
  const press = useRef<{ x: number; y: number; swiping: boolean } | null>(null)
  const [offset, setOffset] = useState(0)
  const [swipe, setSwipe] = useState<'move' | 'cancel' | 'end' | undefined>(undefined)
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
    // SPEC §9: swipe direction is right; a pull to the left does not move it.
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
      role={toast.ariaProps.role}
      aria-live={toast.ariaProps['aria-live']}
      aria-atomic="true"
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
      className={cn(
        'pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border bg-white p-4 pr-11 text-sm shadow-lg',
        'border-neutral-200 text-neutral-900 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100',
        'transition-[translate,transform,opacity] duration-200 ease-out starting:translate-x-8 starting:opacity-0 motion-reduce:transition-none',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
        content.variant === 'error' && 'border-error-200 dark:border-error-900',
        swipe === 'move' && 'transition-none',
        !open && 'opacity-0',
        !open && swipe !== 'end' && 'translate-x-8',
      )}
    >
      <span className="mt-px shrink-0">{VARIANT_ICONS[content.variant]}</span>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{content.title}</p>
        {content.description && <p className="mt-1 break-words text-neutral-600 dark:text-neutral-300">{content.description}</p>}
        {content.action && (
          <>
            <span className="sr-only">{content.action.altText}</span>
            <button
              type="button"
              onClick={() => {
                content.action!.onClick()
                close()
              }}
              className="mt-3 inline-flex h-8 items-center rounded-md border border-neutral-300 px-3 text-xs font-medium hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-neutral-600 dark:hover:bg-neutral-700"
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
        className="absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white"
      >
        <XIcon width={16} height={16} />
      </button>
    </li>
  )
}
