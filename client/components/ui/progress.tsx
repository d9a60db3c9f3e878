import { cn } from '../../lib/cn.ts'
import { resolveProgress } from '../../lib/progress.ts'
import { PROGRESS_DEFAULT_MAX } from '../../../shared/constants.ts'

/**
 * A progress bar (docs/product-contract.md). `value` null (or absent) → indeterminate; a number in 0..max →
 * loading; value === max → complete. `data-state` says which.
 */
export function Progress({
  value = null,
  max = PROGRESS_DEFAULT_MAX,
  className,
  ...aria
}: {
  value?: number | null
  max?: number
  className?: string
  'aria-label'?: string
  'aria-labelledby'?: string
}) {
  const progress = resolveProgress(value, max)
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={progress.max}
      aria-valuenow={progress.value ?? undefined}
      {...aria}
      data-state={progress.state}
      data-value={progress.value ?? undefined}
      data-max={progress.max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700', className)}
    >
      {progress.percent === null ? (
        <div className="absolute inset-y-0 left-0 w-1/3 animate-progress-indeterminate rounded-full bg-primary-500 motion-reduce:animate-none motion-reduce:w-full motion-reduce:opacity-40" />
      ) : (
        <div
          className={cn(
            'h-full w-full rounded-full transition-transform duration-300 ease-out',
            progress.state === 'complete' ? 'bg-primary-600 dark:bg-primary-500' : 'bg-primary-500',
          )}
          style={{ transform: `translateX(-${100 - progress.percent}%)` }}
        />
      )}
    </div>
  )
}
