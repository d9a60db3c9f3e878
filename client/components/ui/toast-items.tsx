// The toasts of the store (toaster.tsx draws the region): the limit of 5, pausing every timer while
// the region is hovered or focused, and each toast's look (toast-item.tsx). Loaded with the store.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { TOAST_MAX_VISIBLE, TOAST_REMOVE_DELAY_MS } from '../../../shared/constants.ts'
import { removeToast, runToastCloseHandlers, toastsOverLimit, type AppToast, type ToastStore } from '../../lib/toast.ts'
import { ToastItem } from './toast-item.tsx'

export interface ToastItemsProps {
  store: ToastStore
  paused: boolean
  list: RefObject<HTMLOListElement | null>
  awaitingItems: RefObject<boolean>
  focusWhenDrawn: RefObject<boolean>
  onToastsChange: () => void
  onClose: (id: string, item: HTMLElement | null) => void
}

/** The toasts of the store: the limit of 5, pausing every timer while the region is hovered or focused. */
export function ToastItems({ store, paused, list, awaitingItems, focusWhenDrawn, onToastsChange, onClose }: ToastItemsProps) {
  const { toasts, handlers } = store.useToaster({ removeDelay: TOAST_REMOVE_DELAY_MS })

  // react-hot-toast keeps 20; the spec keeps 5. Layout effect: the sixth never paints.
  useLayoutEffect(() => {
    for (const id of toastsOverLimit(toasts, TOAST_MAX_VISIBLE)) removeToast(id)
  }, [toasts])

  // endPause only acts when it sees the pause in its closure, so always call the latest one. A
  // layout effect: the pause starts in the same commit as the hover or focus that asked for it, not
  // a frame later, so a timer due meanwhile cannot close the toast being read.
  const latest = useRef(handlers)
  latest.current = handlers
  useLayoutEffect(() => {
    if (!paused) return
    latest.current.startPause()
    return () => latest.current.endPause()
  }, [paused])

  // A focused toast removed from the DOM (dropped over the limit) takes focus with it without a
  // blur event; re-check so the timers do not stay paused forever.
  useEffect(onToastsChange, [toasts]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => runToastCloseHandlers(toasts), [toasts])

  awaitingItems.current = false
  // F8 pressed while this list's code was loading: the newest toast takes the focus once drawn.
  useLayoutEffect(() => {
    if (!focusWhenDrawn.current || !toasts.some((toast) => !toast.dismissed)) return
    focusWhenDrawn.current = false
    list.current?.querySelector<HTMLElement>('li[data-state="open"]')?.focus()
  }, [toasts]) // eslint-disable-line react-hooks/exhaustive-deps

  return (toasts as AppToast[]).map((toast) => <ToastItem key={toast.id} toast={toast} onClose={onClose} />)
}
