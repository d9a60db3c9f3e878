import { useEffect, useRef, useState } from 'react'
import { TOAST_VIEWPORT_HOTKEY } from '../../../shared/constants.ts'
import type { ToastItemsProps } from './toast-items.tsx'
import {
  DEFAULT_TOASTER_LABEL,
  dismiss,
  hasNotified,
  hasQueuedToasts,
  loadToastStore,
  resolveToasterLabel,
  useToastStore,
} from '../../lib/toast.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'

// The region and its keyboard handling are there from the first paint. The store (react-hot-toast)
// loads with the first toast or once the page has settled; the list and how a toast looks and
// moves (toast-items.tsx, toast-item.tsx) load with the store.
const ToastItems = lazyComponent<ToastItemsProps>('the toasts', () => import('./toast-items.tsx').then((module) => module.ToastItems))

/**
 * SPEC §2, §4, §9: the toast viewport, top-right, 24rem wide from `sm` (full width below). F8 moves
 * focus into it; hovering or focusing it pauses every toast's timer; at most 5 stay open.
 */
export function Toaster({ label = DEFAULT_TOASTER_LABEL }: { label?: string }) {
  const store = useToastStore()
  const Items = ToastItems.useComponent(store !== null)
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
      // A toast asked for while the store or the list's code is still loading: focus it once drawn.
      focusWhenDrawn.current = !newest && (awaitingItems.current || hasQueuedToasts() || (hasNotified() && !ToastItems.isLoaded()))
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
        {store && Items && (
          <Items
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
