import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { TOAST_MAX_VISIBLE, TOAST_REMOVE_DELAY_MS, TOAST_VIEWPORT_HOTKEY } from '../../../shared/constants.ts'
import {
  DEFAULT_TOASTER_LABEL,
  dismiss,
  hasQueuedToasts,
  loadToastStore,
  removeToast,
  resolveToasterLabel,
  runToastCloseHandlers,
  toastsOverLimit,
  useToastStore,
  type AppToast,
  type ToastStore,
} from '../../lib/toast.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'

// The region and its keyboard handling are there from the first paint. The store (react-hot-toast)
// loads with the first toast or once the page has settled; how a toast looks and moves
// (toast-item.tsx) loads with the first toast.
const ToastItem = lazyComponent('the toasts', () => import('./toast-item.tsx').then((module) => module.ToastItem))

/**
 * SPEC §2, §4, §9: the toast viewport, top-right, 24rem wide from `sm` (full width below). F8 moves
 * focus into it; hovering or focusing it pauses every toast's timer; at most 5 stay open.
 */
export function Toaster({ label = DEFAULT_TOASTER_LABEL }: { label?: string }) {
  const store = useToastStore()
  const name = resolveToasterLabel(label)
  const list = useRef<HTMLOListElement>(null)
  // Where focus was before F8, to give it back when the last toast closes from the keyboard.
  const returnFocus = useRef<HTMLElement | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  // F8 while the first toast's store or look is still loading: the toast takes focus once drawn.
  const awaitingItems = useRef(false)
  const focusWhenDrawn = useRef(false)

  useEffect(() => {
    void pageSettled().then(loadToastStore)
  }, [])

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
      focusWhenDrawn.current = !newest && (awaitingItems.current || hasQueuedToasts())
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
        {store && (
          <ToastItems
            store={store}
            paused={hovered || focused}
            list={list}
            awaitingItems={awaitingItems}
            focusWhenDrawn={focusWhenDrawn}
            onToastsChange={() => setFocused(!!list.current?.contains(document.activeElement))}
            onClose={close}
          />
        )}
      </ol>
    </section>
  )
}

/** The toasts of the store: the limit of 5, pausing every timer while the region is hovered or focused. */
function ToastItems({
  store,
  paused,
  list,
  awaitingItems,
  focusWhenDrawn,
  onToastsChange,
  onClose,
}: {
  store: ToastStore
  paused: boolean
  list: RefObject<HTMLOListElement | null>
  awaitingItems: RefObject<boolean>
  focusWhenDrawn: RefObject<boolean>
  onToastsChange: () => void
  onClose: (id: string, item: HTMLElement | null) => void
}) {
  const { toasts, handlers } = store.useToaster({ removeDelay: TOAST_REMOVE_DELAY_MS })
  const Item = ToastItem.useComponent(toasts.length > 0)

  // react-hot-toast keeps 20; the spec keeps 5. Layout effect: the sixth never paints.
  useLayoutEffect(() => {
    for (const id of toastsOverLimit(toasts, TOAST_MAX_VISIBLE)) removeToast(id)
  }, [toasts])

  // endPause only acts when it sees the pause in its closure, so always call the latest one.
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    if (!paused) return
    latest.current.startPause()
    return () => latest.current.endPause()
  }, [paused])

  // A focused toast removed from the DOM (dropped over the limit) takes focus with it without a
  // blur event; re-check so the timers do not stay paused forever.
  useEffect(onToastsChange, [toasts]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => runToastCloseHandlers(toasts), [toasts])

  awaitingItems.current = !Item && toasts.some((toast) => !toast.dismissed)
  useLayoutEffect(() => {
    if (!Item || !focusWhenDrawn.current) return
    focusWhenDrawn.current = false
    list.current?.querySelector<HTMLElement>('li[data-state="open"]')?.focus()
  }, [Item]) // eslint-disable-line react-hooks/exhaustive-deps

  return Item ? (toasts as AppToast[]).map((toast) => <Item key={toast.id} toast={toast} onClose={onClose} />) : null
}
