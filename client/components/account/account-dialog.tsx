// Account settings (from the user menu): who is signed in, change the password of a local account,
// sign out on every device, and delete the account with all its chats after typing a confirmation.
// Loaded the first time it is opened.
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { OverlayProps } from '../../lib/overlay.ts'
import type { SessionUser } from '../../../shared/session.ts'
import { ACCOUNT_DELETE_CONFIRMATION, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts'
import { http, HttpError } from '../../lib/http.ts'
import { refreshSession, seedSession } from '../../lib/session.ts'
import { notify } from '../../lib/toast.ts'
import { navigate } from 'wouter/use-browser-location'
import { DialogPanel } from '../ui/dialog.tsx'
import { Button } from '../ui/button.tsx'

const INPUT =
  'mt-1 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none dark:border-neutral-600 dark:bg-neutral-800'

const PROVIDER_NAMES: Record<string, string> = { local: 'email and password', github: 'GitHub', oidc: 'single sign-on' }

function problem(error: unknown): string {
  if (error instanceof HttpError) return error.status === 0 ? 'Could not reach the server. Check your connection and try again.' : error.message
  return String(error)
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-700">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

export function AccountDialog({ user, close }: { user: SessionUser } & OverlayProps<void>) {
  return (
    <DialogPanel title="Account" description={<>Signed in as <strong>{user.name}</strong>{user.email ? ` (${user.email})` : ''} with {PROVIDER_NAMES[user.provider] ?? user.provider}.</>} className="max-h-[90dvh] overflow-y-auto">
      {user.provider === 'local' && <PasswordForm />}
      <SignOutEverywhere close={close} />
      <DeleteAccount close={close} />
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={() => close()}>
          Done
        </Button>
      </div>
    </DialogPanel>
  )
}

function PasswordForm() {
  const ids = { current: useId(), next: useId(), status: useId() }
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setPending(true)
    setStatus(null)
    try {
      const { otherSessionsSignedOut } = await http.post<{ otherSessionsSignedOut: number }>('/api/account/password', {
        currentPassword: String(data.get('current') ?? ''),
        newPassword: String(data.get('next') ?? ''),
      })
      form.reset()
      setStatus({ ok: true, text: `Password changed.${otherSessionsSignedOut > 0 ? ` ${otherSessionsSignedOut} other ${otherSessionsSignedOut === 1 ? 'device was' : 'devices were'} signed out.` : ''}` })
    } catch (error) {
      setStatus({ ok: false, text: problem(error) })
    } finally {
      setPending(false)
    }
  }

  return (
    <Section title="Change password">
      <form className="mt-2 grid gap-3" onSubmit={(event) => void submit(event)} aria-describedby={status ? ids.status : undefined}>
        <label htmlFor={ids.current} className="text-sm">
          Current password
          <input id={ids.current} name="current" type="password" required autoComplete="current-password" className={INPUT} />
        </label>
        <label htmlFor={ids.next} className="text-sm">
          New password
          <input id={ids.next} name="next" type="password" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" className={INPUT} />
        </label>
        {status && (
          <p id={ids.status} role={status.ok ? 'status' : 'alert'} className={status.ok ? 'text-sm text-primary-800 dark:text-primary-300' : 'text-sm text-error-700 dark:text-error-300'}>
            {status.text}
          </p>
        )}
        <div>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Section>
  )
}

function SignOutEverywhere({ close }: OverlayProps<void>) {
  const [error, setError] = useState<string | null>(null)
  async function signOutEverywhere() {
    setError(null)
    try {
      await http.post('/api/account/sign-out-everywhere')
      seedSession({})
      void refreshSession()
      close()
      notify({ title: 'Signed out on every device', variant: 'success', type: 'background' })
    } catch (failure) {
      setError(problem(failure))
    }
  }
  return (
    <Section title="Devices">
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">Ends every session of this account, on this device too.</p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
          {error}
        </p>
      )}
      <Button className="mt-2" onClick={() => void signOutEverywhere()}>
        Sign out everywhere
      </Button>
    </Section>
  )
}

function DeleteAccount({ close }: OverlayProps<void>) {
  const ids = { confirm: useId(), hint: useId() }
  const [typed, setTyped] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const confirmed = typed.trim().toLowerCase() === ACCOUNT_DELETE_CONFIRMATION

  async function remove(event: FormEvent) {
    event.preventDefault()
    if (!confirmed) return
    setPending(true)
    setError(null)
    try {
      const { chats } = await http.delete<{ chats: number }>('/api/account', { body: { confirm: typed } })
      // Everything on screen belonged to the account: home, as a new visitor (the sidebar follows
      // the session, so it empties).
      close()
      seedSession({})
      navigate('/')
      notify({ title: 'Your account was deleted', description: `${chats} ${chats === 1 ? 'chat was' : 'chats were'} deleted with it.`, variant: 'success' })
    } catch (failure) {
      setError(problem(failure))
      setPending(false)
    }
  }

  return (
    <Section title="Delete account">
      <form className="mt-1 grid gap-2" onSubmit={(event) => void remove(event)}>
        <p id={ids.hint} className="text-sm text-neutral-600 dark:text-neutral-300">
          Deletes the account and all its chats for good. Type <strong>{ACCOUNT_DELETE_CONFIRMATION}</strong> to confirm.
        </p>
        <label htmlFor={ids.confirm} className="sr-only">
          Confirmation
        </label>
        <input id={ids.confirm} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" aria-describedby={ids.hint} className={INPUT} />
        {error && (
          <p role="alert" className="text-sm text-error-700 dark:text-error-300">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" variant="danger" disabled={!confirmed || pending}>
            {pending ? 'Deleting…' : 'Delete account and chats'}
          </Button>
        </div>
      </form>
    </Section>
  )
}
