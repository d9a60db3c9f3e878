import { cx } from '../../lib/cx.ts'
import { Icon } from '../ui/icon.tsx'

/** Shown between sending and the first word of the answer. */
export function ThinkingIndicator() {
  return (
    <div className="flex items-center gap-3 py-2" role="status" data-testid="thinking">
      <AssistantAvatar />
      <span className="flex items-center gap-1" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-pulse rounded-full bg-neutral-500 dark:bg-neutral-400" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      <span className="text-sm text-neutral-600 dark:text-neutral-300">Thinking…</span>
    </div>
  )
}

export function AssistantAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx('flex size-8 shrink-0 items-center justify-center rounded-full border border-neutral-200 bg-white text-primary-700 dark:border-neutral-700 dark:bg-neutral-800 dark:text-primary-400', className)}
    >
      <Icon name="lucide:sparkles" size={16} />
    </span>
  )
}
