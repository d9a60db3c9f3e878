import { useEffect, useState, useSyncExternalStore } from 'react'
import { LOADING_INDICATOR_HEIGHT_PX, LOADING_INDICATOR_RESET_DELAY_MS } from '../../../shared/constants.ts'
import { cx } from '../../lib/cx.ts'
import { createLoadingIndicator, INITIAL_LOADING_STATE, isBarShown, type LoadingPhase } from '../../lib/loading-indicator.ts'
import { useNavigationPending } from '../../lib/page-context.ts'

/** The bar's classes in each phase. */
export function loadingBarClasses(phase: LoadingPhase): string {
  return cx(
    'pointer-events-none fixed inset-x-0 top-0 z-[80] origin-left bg-primary-500 shadow-[0_0_6px] shadow-primary-500/60',
    isBarShown(phase) ? 'transition-[transform,opacity] ease-out' : 'invisible opacity-0',
    phase === 'hiding' && 'opacity-0',
  )
}

/**
 * The 3 px bar at the top of the window during a page navigation that takes longer than 200 ms.
 * Must render inside the page outlet, which knows whether a navigation is pending
 * (docs/product-contract.md).
 */
export function LoadingIndicator() {
  const pending = useNavigationPending()
  const [indicator] = useState(() =>
    createLoadingIndicator({
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        now: () => performance.now(),
      },
    }),
  )
  const state = useSyncExternalStore(indicator.subscribe, indicator.getState, () => INITIAL_LOADING_STATE)

  useEffect(() => {
    if (pending) indicator.start()
    else indicator.finish()
  }, [pending, indicator])
  useEffect(() => () => indicator.clear(), [indicator])

  const shown = isBarShown(state.phase)
  return (
    <div
      aria-hidden="true"
      data-testid="loading-indicator"
      data-phase={state.phase}
      className={loadingBarClasses(state.phase)}
      style={{
        height: LOADING_INDICATOR_HEIGHT_PX,
        transform: `scaleX(${state.progress / 100})`,
        transitionDuration: shown ? `200ms, ${LOADING_INDICATOR_RESET_DELAY_MS}ms` : undefined,
      }}
    />
  )
}
