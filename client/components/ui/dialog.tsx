// Dialogs built on overlays: a panel with the dialog semantics, and the confirm / prompt helpers.
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { overlay, type OverlayProps } from '../../lib/overlay.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from './button.tsx'

/** role=dialog, aria-modal, named by its title. Render it from a component opened with overlay.open. */
export function DialogPanel({
  title,
  description,
  children,
  className,
  focusTitle,
}: {
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  className?: string
  /**
   * The title takes the focus on opening: for a long dialog whose first control sits further down
   * (or arrives later), so it opens at its top and a screen reader starts with its name.
   */
  focusTitle?: boolean
}) {
  const titleId = useId()
  const descriptionId = useId()
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Focusable so a click on its text keeps focus inside the dialog.
      tabIndex={-1}
      className={cn(
        'w-full max-w-md rounded-xl border border-neutral-200 bg-white p-6 text-neutral-900 shadow-xl outline-none',
        'transition-[translate,scale] duration-150 starting:translate-y-2 starting:scale-95 motion-reduce:transition-none',
        'in-data-[state=closed]:translate-y-2 in-data-[state=closed]:scale-95',
        'dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100',
        className,
      )}
    >
      <h2 id={titleId} className="text-lg font-semibold outline-none" tabIndex={focusTitle ? -1 : undefined} data-autofocus={focusTitle ? '' : undefined}>
        {title}
      </h2>
      {description && (
        <p id={descriptionId} className="mt-2 text-sm text-neutral-600 dark:text-neutral-300">
          {description}
        </p>
      )}
      {children}
    </div>
  )
}

export interface ConfirmOptions {
  title: string
  description?: string
  confirmLabel?: string
  cancelLabel?: string
  /** A destructive action: red confirm button, and Cancel gets the initial focus. */
  danger?: boolean
}

function ConfirmDialog({ title, description, confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger, close }: ConfirmOptions & OverlayProps<boolean>) {
  return (
    <DialogPanel title={title} description={description}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => close(false)} data-autofocus={danger ? '' : undefined}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={() => close(true)} data-autofocus={danger ? undefined : ''}>
          {confirmLabel}
        </Button>
      </div>
    </DialogPanel>
  )
}

/** Asks a yes/no question; true only when confirmed (Cancel, Escape and the backdrop give false). */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  return (await overlay.open(ConfirmDialog, options).result) === true
}

export interface PromptOptions {
  title: string
  label: string
  description?: string
  initialValue?: string
  submitLabel?: string
  /** Returns an error message to show, or nothing when the value is acceptable. */
  validate?: (value: string) => string | null | undefined
}

function PromptDialog({
  title,
  label,
  description,
  initialValue = '',
  submitLabel = 'OK',
  validate,
  close,
}: PromptOptions & OverlayProps<string | null>) {
  const [value, setValue] = useState(initialValue)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const errorId = useId()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const message = validate?.(value) ?? null
    setError(message)
    if (!message) close(value)
  }

  return (
    <DialogPanel title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={inputId}
          value={value}
          data-autofocus=""
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            setValue(event.target.value)
            if (error) setError(null)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'mt-1.5 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base outline-none sm:text-sm',
            'focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30',
            'dark:border-neutral-700 dark:bg-neutral-950',
            error && 'border-error-600 focus:border-error-600 focus:ring-error-600/30 dark:border-error-500',
          )}
        />
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-error-600 dark:text-error-400">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(null)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit">
            {submitLabel}
          </Button>
        </div>
      </form>
    </DialogPanel>
  )
}

/** Asks for a line of text; the value on submit, null when cancelled or dismissed. */
export async function prompt(options: PromptOptions): Promise<string | null> {
  return (await overlay.open(PromptDialog, options).result) ?? null
}
