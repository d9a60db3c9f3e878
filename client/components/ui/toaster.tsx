import { useEffect, useRef } from 'react'
import { TOAST_VIEWPORT_HOTKEY } from '../../../shared/constants.ts'
import type { ToastItemsProps } from './toast-items.tsx'
import {
  DEFAULT_TOASTER_LABEL,
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
 * The toast viewport (docs/product-contract.md): top-right, 24rem wide from `sm` (full width below). F8 moves
 * focus into it; hovering or focusing it pauses every toast's timer; at most 5 stay open.
 */
export function Toaster({ label = DEFAULT_TOASTER_LABEL }: { label?: string }) {
  const store = useToastStore()
  const Items = ToastItems.useComponent(store !== null)
  const name = resolveToasterLabel(label)
  const list = useRef<HTMLOListElement>(null)
  // Where focus was before F8, to give it back when the last toast closes from the keyboard.
  const returnFocus = useRef<HTMLElement | null>(null)
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

  // Hovering and focus (which pause the timers) and closing are handled by the list (toast-items.tsx).
  return (
    <section
      aria-label={`${name} (${TOAST_VIEWPORT_HOTKEY})`}
      data-overlay-exempt
      className="pointer-events-none fixed top-0 right-0 z-[60] w-full p-4 sm:w-96"
    >
      <ol ref={list} tabIndex={-1} className="pointer-events-auto flex flex-col gap-2 outline-none">
        {store && Items && <Items store={store} list={list} returnFocus={returnFocus} awaitingItems={awaitingItems} focusWhenDrawn={focusWhenDrawn} />}
      </ol>
    </section>
  )
}
