// The toasts of the store (toaster.tsx draws the region): the limit of 5, pausing every timer while
// the region is hovered or focused, closing one from the keyboard, and each toast's look
// (toast-item.tsx). Loaded with the store, so none of it is part of the first load.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { TOAST_MAX_VISIBLE, TOAST_REMOVE_DELAY_MS } from '../../../shared/constants.ts'
import { dismiss, removeToast, runToastCloseHandlers, toastsOverLimit, type AppToast, type ToastStore } from '../../lib/toast.ts'
import { ToastItem } from './toast-item.tsx'

export interface ToastItemsProps {
  store: ToastStore
  /** The region's list (toaster.tsx), which these toasts are drawn in. */
  list: RefObject<HTMLOListElement | null>
  /** Where focus was before F8, to give it back when the last toast closes from the keyboard. */
  returnFocus: RefObject<HTMLElement | null>
  awaitingItems: RefObject<boolean>
  focusWhenDrawn: RefObject<boolean>
}

const focusIn = (element: HTMLElement | null) => Boolean(element?.contains(document.activeElement))

/** The toasts of the store: the limit of 5, pausing every timer while the region is hovered or focused. */
export function ToastItems({ store, list, returnFocus, awaitingItems, focusWhenDrawn }: ToastItemsProps) {
  const { toasts, handlers } = store.useToaster({ removeDelay: TOAST_REMOVE_DELAY_MS })
  const [hovered, setHovered] = useState(false)
  // F8 may have focused the region before this code came.
  const [focused, setFocused] = useState(() => focusIn(list.current))
  const paused = hovered || focused

  useEffect(() => {
    const region = list.current
    if (!region) return
    const listeners: Array<[string, (event: Event) => void]> = [
      ['pointerenter', () => setHovered(true)],
      ['pointerleave', () => setHovered(false)],
      ['focusin', () => setFocused(true)],
      ['focusout', (event) => !region.contains((event as FocusEvent).relatedTarget as Node | null) && setFocused(false)],
    ]
    for (const [type, listener] of listeners) region.addEventListener(type, listener)
    return () => listeners.forEach(([type, listener]) => region.removeEventListener(type, listener))
  }, [list])

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
  useEffect(() => setFocused(focusIn(list.current)), [toasts]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => runToastCloseHandlers(toasts), [toasts])

  awaitingItems.current = false
  // F8 pressed while this list's code was loading: the newest toast takes the focus once drawn.
  useLayoutEffect(() => {
    if (!focusWhenDrawn.current || !toasts.some((toast) => !toast.dismissed)) return
    focusWhenDrawn.current = false
    list.current?.querySelector<HTMLElement>('li[data-state="open"]')?.focus()
  }, [toasts]) // eslint-disable-line react-hooks/exhaustive-deps

  return (toasts as AppToast[]).map((toast) => <ToastItem key={toast.id} toast={toast} onClose={close} />)
}
