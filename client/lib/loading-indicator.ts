// The navigation loading bar's timing (docs/product-contract.md), as a state machine with injected timers so it
// can be tested without a browser:
//
//   idle ──start──▶ pending ──throttle (200 ms)──▶ loading ──finish──▶ complete ──hide delay (500 ms)──▶
//   hiding ──reset delay (400 ms)──▶ idle
//
// A navigation that finishes within the throttle never shows the bar (pending → idle). While
// loading, progress follows an estimate over the expected duration (2000 ms) that approaches but
// never reaches 100; finishing jumps it to 100.
import {
  LOADING_INDICATOR_DURATION_MS,
  LOADING_INDICATOR_HIDE_DELAY_MS,
  LOADING_INDICATOR_RESET_DELAY_MS,
  LOADING_INDICATOR_THROTTLE_MS,
} from '../../shared/constants.ts'

export type LoadingPhase = 'idle' | 'pending' | 'loading' | 'complete' | 'hiding'

export interface LoadingIndicatorState {
  phase: LoadingPhase
  /** 0–100. */
  progress: number
}

export interface LoadingIndicatorTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  now(): number
}

export interface LoadingIndicatorOptions {
  timers: LoadingIndicatorTimers
  throttle?: number
  duration?: number
  hideDelay?: number
  resetDelay?: number
  /** How often the estimated progress advances while loading. */
  tick?: number
}

export const INITIAL_LOADING_STATE: LoadingIndicatorState = { phase: 'idle', progress: 0 }

/**
 * Progress after `elapsed` ms of a load expected to take `duration` ms (Nuxt's estimate): about 70 %
 * at `duration`, then slower and slower, so a long load never looks finished.
 */
export function estimatedProgress(duration: number, elapsed: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50)
}

/** Whether the bar is drawn at all in this phase (hiding: drawn, fading out). */
export function isBarShown(phase: LoadingPhase): boolean {
  return phase === 'loading' || phase === 'complete' || phase === 'hiding'
}

export function createLoadingIndicator(options: LoadingIndicatorOptions) {
  const {
    timers,
    throttle = LOADING_INDICATOR_THROTTLE_MS,
    duration = LOADING_INDICATOR_DURATION_MS,
    hideDelay = LOADING_INDICATOR_HIDE_DELAY_MS,
    resetDelay = LOADING_INDICATOR_RESET_DELAY_MS,
    tick = 100,
  } = options
  let state = INITIAL_LOADING_STATE
  let timer: unknown
  let startedAt = 0
  const listeners = new Set<(state: LoadingIndicatorState) => void>()

  function set(next: LoadingIndicatorState) {
    state = next
    for (const listener of listeners) listener(state)
  }
  function schedule(callback: () => void, ms: number) {
    cancel()
    timer = timers.setTimeout(callback, ms)
  }
  function cancel() {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = undefined
  }

  function advance() {
    set({ phase: 'loading', progress: Math.min(99, estimatedProgress(duration, timers.now() - startedAt)) })
    schedule(advance, tick)
  }
  function show() {
    startedAt = timers.now()
    set({ phase: 'loading', progress: 0 })
    schedule(advance, tick)
  }

  return {
    getState: () => state,
    subscribe(listener: (state: LoadingIndicatorState) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** A navigation began. */
    start() {
      if (state.phase === 'pending' || state.phase === 'loading') return
      // The bar of the previous navigation is still on screen: carry on from it without a throttle.
      if (state.phase === 'complete') return show()
      set({ phase: 'pending', progress: 0 })
      schedule(show, throttle)
    },
    /** The navigation ended (page shown, error page or redirect). */
    finish() {
      if (state.phase === 'pending') {
        cancel()
        set(INITIAL_LOADING_STATE)
        return
      }
      if (state.phase !== 'loading') return
      set({ phase: 'complete', progress: 100 })
      schedule(() => {
        set({ phase: 'hiding', progress: 100 })
        schedule(() => set(INITIAL_LOADING_STATE), resetDelay)
      }, hideDelay)
    },
    /** Stops every timer (unmount). */
    clear() {
      cancel()
      set(INITIAL_LOADING_STATE)
    },
  }
}

export type LoadingIndicator = ReturnType<typeof createLoadingIndicator>
