// Progress values (docs/product-contract.md): no value → indeterminate, a value → loading, value === max →
// complete. A bad max or value is a development warning, never a broken bar.
import { PROGRESS_DEFAULT_MAX } from '../../shared/constants.ts'
import { DEV_CHECKS, devWarn, type Reporter } from './dev-checks.ts'

export type ProgressState = 'indeterminate' | 'loading' | 'complete'

export interface ResolvedProgress {
  state: ProgressState
  /** null when indeterminate. */
  value: number | null
  max: number
  /** 0–100, for drawing; null when indeterminate. */
  percent: number | null
}

export function resolveProgress(value: unknown, max: unknown = PROGRESS_DEFAULT_MAX, report: Reporter = devWarn): ResolvedProgress {
  let safeMax = PROGRESS_DEFAULT_MAX
  if (typeof max === 'number' && Number.isFinite(max) && max > 0) safeMax = max
  else if (max !== undefined && max !== null) {
    if (DEV_CHECKS) report(`progress: max must be a number greater than 0, got ${String(max)}; using ${PROGRESS_DEFAULT_MAX}`)
  }
  if (value === null || value === undefined) return { state: 'indeterminate', value: null, max: safeMax, percent: null }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > safeMax) {
    if (DEV_CHECKS) report(`progress: value must be null or a number between 0 and ${safeMax}, got ${String(value)}; showing indeterminate`)
    return { state: 'indeterminate', value: null, max: safeMax, percent: null }
  }
  return { state: value === safeMax ? 'complete' : 'loading', value, max: safeMax, percent: (value / safeMax) * 100 }
}
