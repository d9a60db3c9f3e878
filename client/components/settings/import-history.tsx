// The settings dialog's Import: a ChatGPT or Claude export (.zip or conversations.json) or a chat
// exported here, sent to POST /api/import and followed until it ends. The import goes on on the
// server if the dialog closes; its summary comes as a toast either way, and the sidebar reloads.
import { useId, useRef, useState } from 'react'
import { HttpError } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { externalValue } from '../../lib/external-value.ts'
import { chatHistory } from '../../lib/chat-history.ts'
import { loadNextChatPage } from '../../lib/chat-list-loader.ts'
import { useSession } from '../../lib/session.ts'
import { formatBytes } from '../../../shared/format-bytes.ts'
import { Progress } from '../ui/progress.tsx'
import { Button } from '../ui/button.tsx'
import { Section, problem } from './settings-dialog.tsx'

/** GET /api/import/:id (server/routes/imports). */
export interface ImportView {
  id: string
  filename: string
  status: 'running' | 'done' | 'failed'
  format: 'chatgpt' | 'claude' | 'chat' | null
  totalBytes: number
  readBytes: number
  imported: number
  duplicates: number
  skipped: number
  skippedList: Array<{ title: string; reason: string }>
  error: string | null
}

type ImportState = { phase: 'idle' } | { phase: 'uploading'; filename: string } | { phase: 'importing'; view: ImportView } | { phase: 'ended'; view: ImportView }

/** The import of this page (one at a time), outside the dialog so that closing it stops nothing. */
const current = externalValue<ImportState>({ phase: 'idle' })
const POLL_MS = 400

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`

/** "Imported 214 chats, 3 skipped: “A” (it has no messages), …" */
export function importSummary(view: ImportView): { title: string; description?: string } {
  if (view.status === 'failed') return { title: 'The import failed', description: view.error ?? undefined }
  const parts = [`Imported ${plural(view.imported, 'chat')}`]
  if (view.duplicates > 0) parts.push(`${view.duplicates.toLocaleString('en-US')} already here`)
  if (view.skipped > 0) parts.push(`${view.skipped.toLocaleString('en-US')} skipped`)
  const skipped = view.skippedList.slice(0, 3).map((entry) => `“${entry.title}” (${entry.reason})`)
  return { title: parts.join(', '), description: skipped.length > 0 ? `Skipped: ${skipped.join(', ')}${view.skipped > skipped.length ? ', …' : ''}.` : undefined }
}

async function follow(view: ImportView): Promise<void> {
  const { http } = await import('../../lib/http.ts')
  let latest = view
  while (latest.status === 'running') {
    current.set({ phase: 'importing', view: latest })
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    try {
      latest = await http.get<ImportView>(`/api/import/${encodeURIComponent(view.id)}`)
    } catch (error) {
      // A dropped connection: ask again (the import goes on without us).
      if (!(error instanceof HttpError) || error.status !== 0) throw error
    }
  }
  current.set({ phase: 'ended', view: latest })
  const summary = importSummary(latest)
  notify({ ...summary, variant: latest.status === 'failed' ? 'error' : 'success', duration: 10_000 })
  if (latest.imported > 0) {
    // The sidebar loads the list again, imported chats in their places by date.
    chatHistory.reset()
    void loadNextChatPage()
  }
}

export async function startImport(file: File): Promise<void> {
  current.set({ phase: 'uploading', filename: file.name })
  try {
    const form = new FormData()
    form.append('file', file, file.name)
    const response = await fetch('/api/import', { method: 'POST', body: form, credentials: 'same-origin' })
    const body = (await response.json().catch(() => null)) as (ImportView & { code?: string; message?: string }) | null
    if (!response.ok || !body) throw new HttpError(response.status, body?.code ?? `HTTP_${response.status}`, body?.message ?? response.statusText, response.url)
    await follow(body)
  } catch (error) {
    current.set({ phase: 'idle' })
    const description = error instanceof TypeError ? 'Could not reach the server. Check your connection and try again.' : problem(error)
    notify({ title: 'The import did not start', description, variant: 'error', duration: 10_000 })
  }
}

export function ImportHistory() {
  const ids = { input: useId(), hint: useId() }
  const state = current.useValue()
  const { loggedIn } = useSession()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const busy = state.phase === 'uploading' || state.phase === 'importing'

  return (
    <Section title="Import chats">
      <p id={ids.hint} className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">
        Bring your history: a ChatGPT or Claude data export (the .zip, or its conversations.json), or a chat exported here as JSON. Branches, dates and system prompts come along; importing the same file again adds nothing twice.
      </p>
      {!loggedIn ? (
        <p className="mt-2 text-sm font-medium">Sign in to import: your history belongs to your account.</p>
      ) : (
        <form
          className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center"
          onSubmit={(event) => {
            event.preventDefault()
            if (!file || busy) return
            void startImport(file)
            setFile(null)
            if (input.current) input.current.value = ''
          }}
        >
          <label htmlFor={ids.input} className="sr-only">
            Export file
          </label>
          <input
            ref={input}
            id={ids.input}
            type="file"
            accept=".zip,.json,application/zip,application/json"
            aria-describedby={ids.hint}
            disabled={busy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="min-w-0 flex-1 text-sm"
          />
          <Button type="submit" variant="primary" disabled={!file || busy}>
            Import
          </Button>
        </form>
      )}
      {state.phase === 'uploading' && (
        <div className="mt-2 grid gap-1 text-sm">
          <span>Sending “{state.filename}”…</span>
          <Progress aria-label="Sending the export" />
        </div>
      )}
      {state.phase === 'importing' && (
        <div className="mt-2 grid gap-1 text-sm">
          <span role="status">
            Importing “{state.view.filename}”: {plural(state.view.imported, 'chat')} so far ({formatBytes(state.view.readBytes)} of {formatBytes(state.view.totalBytes)})
          </span>
          <Progress value={state.view.readBytes} max={Math.max(1, state.view.totalBytes)} aria-label="Import progress" />
        </div>
      )}
      {state.phase === 'ended' && (
        <p role="status" className={`mt-2 text-sm ${state.view.status === 'failed' ? 'text-error-700 dark:text-error-300' : ''}`}>
          {importSummary(state.view).title}. {importSummary(state.view).description}
        </p>
      )}
    </Section>
  )
}
