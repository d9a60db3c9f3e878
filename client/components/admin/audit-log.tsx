// The audit log: every administrator action, newest first, with "Show older".
import { useEffect, useState } from 'react'
import { AUDIT_ACTIONS, type AuditEntry, type AuditPage } from '../../../shared/admin.ts'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { Button } from '../ui/button.tsx'
import { Time, formatNumber } from './format.tsx'
import './admin.css'

function detailsOf(entry: AuditEntry): string {
  const details = entry.details ?? {}
  if (entry.action === 'user.quota') {
    const tokens = details.tokensPerDay as number | null
    return tokens === null ? "the server's" : tokens === -1 ? 'no limit' : `${formatNumber(tokens)} tokens a day`
  }
  if (typeof details.sessionsEnded === 'number') return `${details.sessionsEnded} ${details.sessionsEnded === 1 ? 'session' : 'sessions'} ended`
  if (typeof details.chats === 'number') return `with ${details.chats} ${details.chats === 1 ? 'chat' : 'chats'}`
  return ''
}

export function AuditLog({ page }: { page: AuditPage }) {
  const [entries, setEntries] = useState(page.entries)
  const [before, setBefore] = useState(page.nextBefore)
  // A new first page (after an action) starts the list again.
  useEffect(() => {
    setEntries(page.entries)
    setBefore(page.nextBefore)
  }, [page])

  async function older() {
    try {
      const next = await http.get<AuditPage>(`/api/admin/audit?before=${before}`)
      setEntries((current) => [...current, ...next.entries])
      setBefore(next.nextBefore)
    } catch (error) {
      notify({ title: 'Could not load the audit log', description: (error as Error).message, variant: 'error' })
    }
  }

  return (
    <section aria-labelledby="admin-audit" className="admin-section">
      <h2 id="admin-audit" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Audit log
      </h2>
      {entries.length === 0 ? (
        <p className="admin-muted">No administrator has done anything yet.</p>
      ) : (
        <ol className="admin-card admin-audit" aria-label="Administrator actions, newest first">
          {entries.map((entry) => {
            const details = detailsOf(entry)
            return (
              <li key={entry.id}>
                <Time at={entry.at} as="datetime" className="admin-muted" />{' '}
                <strong>{entry.actor.email ?? entry.actor.id}</strong> · {AUDIT_ACTIONS[entry.action] ?? entry.action}
                {entry.target && <> · {entry.target.email ?? entry.target.id}</>}
                {details && <span className="admin-muted"> ({details})</span>}
              </li>
            )
          })}
        </ol>
      )}
      {before !== null && (
        <div>
          <Button variant="outline" onClick={() => void older()}>
            Show older
          </Button>
        </div>
      )}
    </section>
  )
}
