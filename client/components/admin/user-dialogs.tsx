// The admin page's dialogs: a user's own daily token quota, and deleting a user (their email typed).
import { useId, useState, type FormEvent } from 'react'
import type { AdminUser } from '../../../shared/admin.ts'
import type { OverlayProps } from '../../lib/overlay.ts'
import { DialogPanel } from '../ui/dialog.tsx'
import { Button } from '../ui/button.tsx'
import './admin.css'

type QuotaChoice = 'default' | 'none' | 'custom'

/** Resolves `{ tokensPerDay }`: a number, -1 for no limit, null for the server's default. */
export function QuotaDialog({ user, close }: { user: AdminUser } & OverlayProps<{ tokensPerDay: number | null }>) {
  const ids = { amount: useId(), error: useId() }
  const current = user.quotaTokensPerDay
  const [choice, setChoice] = useState<QuotaChoice>(current === null ? 'default' : current === -1 ? 'none' : 'custom')
  const [amount, setAmount] = useState(current !== null && current >= 0 ? String(current) : '')
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (choice === 'default') return close({ tokensPerDay: null })
    if (choice === 'none') return close({ tokensPerDay: -1 })
    const tokens = Number(amount.replaceAll(',', '').trim())
    if (!Number.isInteger(tokens) || tokens < 0) return setError('Enter a whole number of tokens (0 or more).')
    close({ tokensPerDay: tokens })
  }

  const option = (value: QuotaChoice, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name="quota" value={value} checked={choice === value} onChange={() => setChoice(value)} />
      {label}
    </label>
  )

  return (
    <DialogPanel title="Daily token quota" description={`Tokens (in and out) ${user.email ?? user.name} may use per UTC day.`}>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
        <fieldset className="grid gap-2">
          <legend className="sr-only">Quota</legend>
          {option('default', "The server's (QUOTA_TOKENS_PER_DAY)")}
          {option('none', 'No limit')}
          {option('custom', 'Their own:')}
        </fieldset>
        <label htmlFor={ids.amount} className="sr-only">
          Tokens per day
        </label>
        <input
          id={ids.amount}
          inputMode="numeric"
          className="admin-search"
          placeholder="Tokens per day"
          value={amount}
          disabled={choice !== 'custom'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => {
            setAmount(event.target.value)
            setError(null)
          }}
        />
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-error-700 dark:text-error-300">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close()}>
            Cancel
          </Button>
          <Button variant="primary" type="submit">
            Save
          </Button>
        </div>
      </form>
    </DialogPanel>
  )
}

/** Resolves with what was typed (the user's email or name) once it matches. */
export function DeleteUserDialog({ user, close }: { user: AdminUser } & OverlayProps<string>) {
  const id = useId()
  const expected = user.email ?? user.name
  const [typed, setTyped] = useState('')
  const matches = typed.trim().toLowerCase() === expected.trim().toLowerCase()

  return (
    <DialogPanel title={`Delete ${user.name}?`} description={`Their account, ${user.chats} chats and every file they uploaded are deleted. This cannot be undone.`}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (matches) close(typed.trim())
        }}
        className="mt-4 grid gap-3"
      >
        <label htmlFor={id} className="text-sm">
          Type <strong>{expected}</strong> to confirm
        </label>
        <input id={id} className="admin-search" autoComplete="off" value={typed} data-autofocus="" onChange={(event) => setTyped(event.target.value)} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close()}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" disabled={!matches}>
            Delete user
          </Button>
        </div>
      </form>
    </DialogPanel>
  )
}
