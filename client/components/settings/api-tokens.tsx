// Settings → API tokens: a signed-in user makes tokens for scripts (each shown once,
// here, to copy) and revokes them. A script sends `Authorization: Bearer <token>`.
import { useEffect, useId, useState, type FormEvent } from 'react'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { useSession } from '../../lib/session.ts'
import { Button } from '../ui/button.tsx'
import { FIELD, Section, problem } from './settings-dialog.tsx'
import { API_TOKEN_NAME_MAX_CHARS, type ApiToken } from '../../../shared/api-tokens.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

export function ApiTokens() {
  const { loggedIn } = useSession()
  const ids = { name: useId(), secret: useId() }
  const [tokens, setTokens] = useState<ApiToken[] | null>(null)
  const [name, setName] = useState('')
  const [made, setMade] = useState<{ name: string; token: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  useEffect(() => {
    if (!loggedIn) return
    http
      .get<{ tokens: ApiToken[] }>('/api/tokens')
      .then((list) => setTokens(list.tokens))
      .catch((failure: unknown) => setError(problem(failure)))
  }, [loggedIn])

  async function create(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return setError('Give the token a name: what will use it?')
    setPending(true)
    setError(null)
    try {
      const created = await http.post<{ token: string; apiToken: ApiToken }>('/api/tokens', { name: name.trim() })
      setTokens((current) => [created.apiToken, ...(current ?? [])])
      setMade({ name: created.apiToken.name, token: created.token })
      setName('')
    } catch (failure) {
      setError(problem(failure))
    } finally {
      setPending(false)
    }
  }

  async function revoke(token: ApiToken) {
    try {
      await http.delete(`/api/tokens/${encodeURIComponent(token.id)}`)
      setTokens((current) => current?.filter((known) => known.id !== token.id) ?? null)
      if (made?.name === token.name) setMade(null)
      notify({ title: `“${token.name}” is revoked.`, description: 'Scripts using it are refused from now on.', variant: 'success' })
    } catch (failure) {
      setError(problem(failure))
    }
  }

  return (
    <Section title="API tokens">
      {!loggedIn ? (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">Sign in to make API tokens for your scripts.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">
            A script sends one as <code>Authorization: Bearer …</code> and acts as you on your chats.{' '}
            <a href="/api/docs/" target="_blank" rel="noopener" className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-400">
              API reference
            </a>
          </p>
          <form onSubmit={(event) => void create(event)} className="mt-2 flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={ids.name} className="block text-sm">
                Name
              </label>
              <input id={ids.name} value={name} maxLength={API_TOKEN_NAME_MAX_CHARS} placeholder="Backup script" onChange={(event) => setName(event.target.value)} className={`${FIELD} mt-1 h-9`} />
            </div>
            <Button type="submit" variant="primary" disabled={pending}>
              {pending ? 'Making…' : 'Make token'}
            </Button>
          </form>
          {made && (
            <div role="status" className="mt-2 rounded-md border border-neutral-200 p-3 dark:border-neutral-700">
              <label htmlFor={ids.secret} className="block text-sm font-medium">
                Your new token “{made.name}”. Copy it now: it is not shown again.
              </label>
              <div className="mt-2 flex gap-2">
                <input id={ids.secret} readOnly value={made.token} onFocus={(event) => event.currentTarget.select()} className={`${FIELD} h-9 font-mono`} />
                <Button
                  onClick={() =>
                    void navigator.clipboard?.writeText(made.token).then(
                      () => notify({ title: 'Token copied', variant: 'success', type: 'background' }),
                      () => notify({ title: 'Could not copy', description: 'Select the token and copy it yourself.', variant: 'error' }),
                    )
                  }
                >
                  Copy
                </Button>
              </div>
            </div>
          )}
          {error && (
            <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
              {error}
            </p>
          )}
          {tokens && tokens.length > 0 && (
            <ul aria-label="API tokens" className="mt-2 grid gap-1">
              {tokens.map((token) => (
                <li key={token.id} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-neutral-100 dark:hover:bg-neutral-800">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{token.name}</span>
                  <span className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400">
                    made {dateFormat.format(token.createdAt)} · {token.lastUsedAt ? `used ${dateFormat.format(token.lastUsedAt)}` : 'never used'}
                  </span>
                  <Button variant="ghost" className="h-8 shrink-0" onClick={() => void revoke(token)} aria-label={`Revoke “${token.name}”`}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  )
}
