// The local-account form shown in the sign-in popup: sign in or create an account.
// On success the popup returns to the app, which closes it and lets the opener refresh.
import { useId, useState, type FormEvent } from 'react'
import { PRODUCT_NAME } from '../../shared/constants.ts'
import { PASSWORD_MIN_LENGTH } from '../../shared/auth.ts'
import { http, HttpError } from '../lib/http.ts'
import { cn } from '../lib/cn.ts'
import { useHydrated } from '../lib/hydrated.ts'
import { isSignInPopup, takeSignInReturn } from '../lib/auth-popup.ts'
import { AUTH_POPUP_FLAG } from '../../shared/auth.ts'

type Mode = 'sign-in' | 'sign-up'

/** Leaves the sign-in without signing in: the popup closes; a full page goes back where it started. */
function cancelSignIn() {
  if (isSignInPopup()) {
    try {
      localStorage.removeItem(AUTH_POPUP_FLAG)
    } catch {
      // Storage blocked: nothing was set either.
    }
    window.close()
    return
  }
  window.location.assign(takeSignInReturn() ?? '/')
}

const INPUT =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-400 focus:border-primary-600 focus:outline-2 focus:outline-primary-600/30 dark:border-neutral-600 dark:bg-neutral-800 dark:text-white'

export default function SignInPage() {
  const [mode, setMode] = useState<Mode>('sign-in')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // Until the page's code runs, submitting would be the browser's own: a GET to this page with the
  // password in its address (kept in the history and in logs). The button waits for it; Enter in a
  // field does nothing while the form's button is disabled.
  const hydrated = useHydrated()
  const ids = { email: useId(), password: useId(), name: useId(), error: useId() }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: Record<string, string> = {
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    }
    if (mode === 'sign-up' && form.get('name')) body.name = String(form.get('name')).trim()
    setPending(true)
    setError(null)
    try {
      await http.post(mode === 'sign-in' ? '/api/auth/local/sign-in' : '/api/auth/local/sign-up', body)
      // Back into the app: in the popup it closes itself; in a full page it returns to where the
      // sign-in started (or home), signed in.
      window.location.replace(isSignInPopup() ? '/' : (takeSignInReturn() ?? '/'))
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.message : 'Something went wrong. Please try again.')
      setPending(false)
    }
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-neutral-50 px-4 py-10 dark:bg-neutral-950">
      <p className="text-base font-semibold text-neutral-900 dark:text-white">{PRODUCT_NAME}</p>
      <div className="w-full max-w-sm rounded-xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <h1 className="text-xl font-semibold text-neutral-900 dark:text-white">
          {mode === 'sign-in' ? 'Sign in' : 'Create an account'}
        </h1>
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
          {mode === 'sign-in' ? `Keep your ${PRODUCT_NAME} chats on every device.` : 'Your current chats move to your new account.'}
        </p>
        <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} aria-describedby={error ? ids.error : undefined} noValidate={false}>
          {mode === 'sign-up' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.name} className="text-sm font-medium text-neutral-700 dark:text-neutral-200">Name</label>
              <input id={ids.name} name="name" autoComplete="name" maxLength={100} className={INPUT} />
            </div>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.email} className="text-sm font-medium text-neutral-700 dark:text-neutral-200">Email</label>
            <input id={ids.email} name="email" type="email" required autoComplete="email" maxLength={254} className={INPUT} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.password} className="text-sm font-medium text-neutral-700 dark:text-neutral-200">Password</label>
            <input
              id={ids.password}
              name="password"
              type="password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              className={INPUT}
            />
            {mode === 'sign-up' && (
              <p className="text-xs text-neutral-500 dark:text-neutral-400">At least {PASSWORD_MIN_LENGTH} characters.</p>
            )}
          </div>
          {error && (
            <p id={ids.error} role="alert" className="rounded-md bg-error-50 px-3 py-2 text-sm text-error-700 dark:bg-error-950/40 dark:text-error-300">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={pending || !hydrated}
            className={cn(
              'inline-flex items-center justify-center rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:opacity-60',
              'dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400',
            )}
          >
            {pending ? 'Please wait…' : mode === 'sign-in' ? 'Sign in' : 'Create account'}
          </button>
          {/* Closing the popup needs the page's code too: until it runs, a click would do nothing. */}
          <button
            type="button"
            onClick={cancelSignIn}
            disabled={!hydrated}
            className="disabled:opacity-60 inline-flex items-center justify-center rounded-md border border-neutral-300 px-4 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-neutral-600 dark:text-neutral-100 dark:hover:bg-neutral-800"
          >
            Cancel
          </button>
        </form>
        <p className="mt-4 text-center text-sm text-neutral-600 dark:text-neutral-300">
          {mode === 'sign-in' ? 'New here?' : 'Already have an account?'}{' '}
          <button
            type="button"
            className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-400"
            onClick={() => {
              setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')
              setError(null)
            }}
          >
            {mode === 'sign-in' ? 'Create an account' : 'Sign in'}
          </button>
        </p>
      </div>
    </main>
  )
}
