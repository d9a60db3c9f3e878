// The toast API (docs/product-contract.md). react-hot-toast's headless store holds the toasts and runs their
// timers (pause included); our <Toaster/> renders them. Its own defaults differ from the spec
// (4000 ms duration, 1000 ms removal delay, a limit of 20 that also counts closing toasts), so every
// toast is created here with the spec's numbers and the Toaster drops the oldest beyond 5.
// The store's code (toast-store.ts) loads with the first toast or once the page has settled: what
// is asked of it before then waits, in order, and notify() still answers the toast's id at once.
import type { Toast, ToastOptions } from 'react-hot-toast/headless'
import { importWhenConnected } from './chunk-reload.ts'
import { externalValue } from './external-value.ts'
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_TYPES } from '../../shared/constants.ts'
import { DEV_CHECKS, devError, type Reporter } from './dev-checks.ts'

/** foreground: the user should know now (role=alert, assertive); background: when convenient (status, polite). */
export type ToastType = (typeof TOAST_TYPES)[number]
export type ToastVariant = 'success' | 'error' | 'info'

export interface ToastAction {
  label: string
  /** How to do the same without this button (read by screen readers; required). */
  altText: string
  onClick: () => void
}

export interface NotifyOptions {
  title: string
  description?: string
  variant?: ToastVariant
  type?: ToastType
  /** Milliseconds; Infinity keeps it until closed. Defaults to 5000. */
  duration?: number
  action?: ToastAction
  /** Reusing an open toast's id updates it in place. */
  id?: string
  /** Called once the toast has closed (timed out, dismissed, or dropped over the limit). */
  onClose?: () => void
}

export interface ToastContent {
  title: string
  description?: string
  variant: ToastVariant
  type: ToastType
  action?: ToastAction
}

/**
 * A react-hot-toast toast carrying our content. The store spreads a toast's options into the toast
 * object and keeps unknown fields through every update, so `content` travels with it.
 */
export type AppToast = Toast & { content?: ToastContent }

const VARIANTS: readonly ToastVariant[] = ['success', 'error', 'info']

export function resolveToastType(type: unknown, report: Reporter = devError): ToastType {
  if (type === undefined) return 'foreground'
  if ((TOAST_TYPES as readonly unknown[]).includes(type)) return type as ToastType
  if (DEV_CHECKS) report(`toast: type must be 'foreground' or 'background', got ${JSON.stringify(type)}; using 'foreground'`)
  return 'foreground'
}

export function resolveToastAction(action: ToastAction | undefined, report: Reporter = devError): ToastAction | undefined {
  if (!action) return undefined
  if (typeof action.altText === 'string' && action.altText.trim() !== '') return action
  if (DEV_CHECKS) report(`toast: the action "${action.label}" needs an altText (an alternative way to do it); using its label`)
  return { ...action, altText: action.label }
}

export const DEFAULT_TOASTER_LABEL = 'Notifications'

export function resolveToasterLabel(label: unknown, report: Reporter = devError): string {
  if (typeof label === 'string' && label.trim() !== '') return label
  if (DEV_CHECKS) report(`toast: the toaster label must not be empty; using '${DEFAULT_TOASTER_LABEL}'`)
  return DEFAULT_TOASTER_LABEL
}

export function resolveToastDuration(duration: unknown, report: Reporter = devError): number {
  if (duration === undefined) return TOAST_DEFAULT_DURATION_MS
  // react-hot-toast treats 0 as "use the default"; a negative or NaN duration would close at once.
  if (typeof duration === 'number' && duration > 0) return duration
  if (DEV_CHECKS) report(`toast: duration must be a positive number of ms or Infinity, got ${String(duration)}; using ${TOAST_DEFAULT_DURATION_MS}`)
  return TOAST_DEFAULT_DURATION_MS
}

export type ToastStore = typeof import('./toast-store.ts')

/** The store once loaded (null before, and in the server render). */
const loadedStore = externalValue<ToastStore | null>(null)
let loading: Promise<ToastStore | null> | undefined
const waiting: Array<(store: ToastStore) => void> = []
/** Toasts notified while the store was still loading: they are drawn once it has loaded. */
let queuedToasts = 0
let sequence = 0

/**
 * Starts (once) loading the store; resolves to it, or null when its chunk failed. Offline, it waits
 * for the connection: the toasts asked for meanwhile show then.
 */
export function loadToastStore(): Promise<ToastStore | null> {
  loading ??= importWhenConnected(() => import('./toast-store.ts')).then(
    (module) => {
      queuedToasts = 0
      for (const operation of waiting.splice(0)) operation(module)
      loadedStore.set(module)
      return module
    },
    (error: unknown) => {
      console.error('[app] could not load the toasts', error)
      loading = undefined
      return null
    },
  )
  return loading
}

function withStore(operation: (store: ToastStore) => void): void {
  const store = loadedStore.get()
  if (store) return operation(store)
  waiting.push(operation)
  void loadToastStore()
}

let notifiedAny = false
/** Whether any toast was ever asked for (a list whose code is still loading has one to draw). */
export function hasNotified(): boolean {
  return notifiedAny
}

/** Whether a toast was asked for and waits for the store: F8 then focuses it once it is drawn. */
export function hasQueuedToasts(): boolean {
  return queuedToasts > 0
}

/** The store in a component: null until it has loaded. */
export function useToastStore(): ToastStore | null {
  return loadedStore.useValue()
}

/** Shows a toast; returns its id (for dismiss, or to update it by notifying again with that id). */
export function notify(options: NotifyOptions): string {
  const variant = VARIANTS.includes(options.variant as ToastVariant) ? options.variant! : 'info'
  const type = resolveToastType(options.type)
  const content: ToastContent = {
    title: options.title,
    description: options.description,
    variant,
    type,
    action: resolveToastAction(options.action),
  }
  const id = options.id ?? `toast-${++sequence}`
  const toastOptions: ToastOptions & { content: ToastContent } = {
    id,
    duration: resolveToastDuration(options.duration),
    removeDelay: TOAST_REMOVE_DELAY_MS,
    ariaProps: type === 'foreground' ? { role: 'alert', 'aria-live': 'assertive' } : { role: 'status', 'aria-live': 'polite' },
    content,
  }
  notifiedAny = true
  if (options.onClose) closeHandlers.set(id, options.onClose)
  if (!loadedStore.get()) queuedToasts++
  withStore(({ toast }) => toast.custom(options.title, toastOptions))
  return id
}

const closeHandlers = new Map<string, () => void>()

/** Runs the onClose of every toast that is no longer open (the toaster calls it as the list changes). */
export function runToastCloseHandlers(toasts: readonly Pick<Toast, 'id' | 'dismissed'>[]): void {
  for (const [id, handler] of closeHandlers) {
    if (toasts.some((toast) => toast.id === id && !toast.dismissed)) continue
    closeHandlers.delete(id)
    handler()
  }
}

/** Closes a toast (it animates out and leaves the DOM 200 ms later); without an id, all of them. */
export function dismiss(id?: string): void {
  // Nothing was ever shown: nothing to close, and no reason to load the store.
  if (!loadedStore.get() && !loading) return
  withStore(({ toast }) => toast.dismiss(id))
}

/** Removes toasts at once, without the exit animation (used to drop the oldest beyond the limit). */
export function removeToast(id: string): void {
  if (!loadedStore.get() && !loading) return
  withStore(({ toast }) => toast.remove(id))
}

/** Ids of the toasts to drop so at most `max` open ones stay (`toasts` newest first, as the store keeps them). */
export function toastsOverLimit(toasts: readonly Pick<Toast, 'id' | 'dismissed'>[], max: number): string[] {
  return toasts
    .filter((toast) => !toast.dismissed)
    .slice(max)
    .map((toast) => toast.id)
}
