// Settings: custom instructions, the default model and the colour mode; the archived
// chats (restore or open them); and "Delete all chats" after typing a confirmation. An overlay, not a
// route; its code loads the first time it opens.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import type { OverlayProps } from '../../lib/overlay.ts'
import { http, HttpError } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { setColorMode, useColorMode } from '../../lib/color-mode.ts'
import { chatHistory } from '../../lib/chat-history.ts'
import { DialogPanel } from '../ui/dialog.tsx'
import { Button } from '../ui/button.tsx'
import { ArchivedChats } from './archived-chats.tsx'
import { ImportHistory } from './import-history.tsx'
import { ExportHistory } from './export-history.tsx'
import { ApiTokens } from './api-tokens.tsx'
import { COLOR_MODES, MODEL_STORAGE_KEY } from '../../../shared/constants.ts'
import { DELETE_ALL_CHATS_CONFIRMATION, INSTRUCTIONS_MAX_CHARS, type UserSettings } from '../../../shared/personal.ts'
import type { ModelInfo } from '../../../shared/models.ts'

export const FIELD =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none dark:border-neutral-600 dark:bg-neutral-800'

export function problem(error: unknown): string {
  if (error instanceof HttpError) return error.status === 0 ? 'Could not reach the server. Check your connection and try again.' : error.message
  return String(error)
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-700">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

export function SettingsDialog({ close }: OverlayProps<void>) {
  const [settings, setSettings] = useState<UserSettings | null>(null)
  const [models, setModels] = useState<ModelInfo[]>([])
  const [loadError, setLoadError] = useState<string | null>(null)

  useEffect(() => {
    Promise.all([http.get<UserSettings>('/api/settings'), http.get<{ models: ModelInfo[] }>('/api/models')])
      .then(([loaded, list]) => {
        setSettings(loaded)
        setModels(list.models)
      })
      .catch((error: unknown) => setLoadError(problem(error)))
  }, [])

  return (
    // Its controls start below the fold on a phone, and the first ones arrive with the settings:
    // the title takes the focus, so it opens at the top.
    <DialogPanel title="Settings" className="max-h-[90dvh] overflow-y-auto" focusTitle>
      {loadError && (
        <p role="alert" className="mt-4 text-sm text-error-700 dark:text-error-300">
          Could not load your settings: {loadError}
        </p>
      )}
      {settings ? (
        <>
          <Instructions initial={settings.instructions} />
          <DefaultModel models={models} initial={settings.defaultModel} />
        </>
      ) : (
        !loadError && (
          <p role="status" className="mt-4 text-sm text-neutral-600 dark:text-neutral-300">
            Loading your settings…
          </p>
        )
      )}
      <ColourMode />
      <ExportHistory />
      <ImportHistory />
      <ArchivedChats close={close} />
      <ApiTokens />
      <DeleteAllChats />
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={() => close()}>
          Done
        </Button>
      </div>
    </DialogPanel>
  )
}

function Instructions({ initial }: { initial: string }) {
  const id = useId()
  const [value, setValue] = useState(initial)
  const [saved, setSaved] = useState(initial)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [pending, setPending] = useState(false)
  const tooLong = value.trim().length > INSTRUCTIONS_MAX_CHARS

  async function save(event: FormEvent) {
    event.preventDefault()
    setPending(true)
    setStatus(null)
    try {
      const stored = await http.request<UserSettings>('/api/settings', { method: 'PATCH', body: { instructions: value } })
      setValue(stored.instructions)
      setSaved(stored.instructions)
      setStatus({ ok: true, text: stored.instructions ? 'Saved. New answers follow them.' : 'Removed.' })
    } catch (error) {
      setStatus({ ok: false, text: problem(error) })
    } finally {
      setPending(false)
    }
  }

  return (
    <Section title="Custom instructions">
      <form onSubmit={(event) => void save(event)}>
        <label htmlFor={id} className="mt-1 block text-sm text-neutral-600 dark:text-neutral-300">
          What should the assistant know about you, and how should it answer? Every new answer in every chat gets this first.
        </label>
        <textarea
          id={id}
          value={value}
          rows={5}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={tooLong || undefined}
          placeholder="I am a teacher in Lisbon. Keep answers short and use metric units."
          className={`${FIELD} mt-1 resize-y py-2`}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <span className={`text-xs ${tooLong ? 'font-medium text-error-700 dark:text-error-300' : 'text-neutral-600 dark:text-neutral-400'}`}>
            {value.trim().length.toLocaleString('en-US')} / {INSTRUCTIONS_MAX_CHARS.toLocaleString('en-US')} characters
          </span>
          <Button type="submit" variant="primary" disabled={pending || tooLong || value.trim() === saved}>
            {pending ? 'Saving…' : 'Save instructions'}
          </Button>
        </div>
        {status && (
          <p role={status.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${status.ok ? 'text-primary-800 dark:text-primary-300' : 'text-error-700 dark:text-error-300'}`}>
            {status.text}
          </p>
        )}
      </form>
    </Section>
  )
}

function DefaultModel({ models, initial }: { models: ModelInfo[]; initial: string | null }) {
  const id = useId()
  const serverDefault = models.find((model) => model.default)
  const [value, setValue] = useState(initial && models.some((model) => model.id === initial) ? initial : '')
  const [error, setError] = useState<string | null>(null)

  async function choose(next: string) {
    const before = value
    setValue(next)
    setError(null)
    try {
      await http.request<UserSettings>('/api/settings', { method: 'PATCH', body: { defaultModel: next || null } })
      // The home screen's picker starts from it (it remembers the last model picked otherwise).
      try {
        if (next) localStorage.setItem(MODEL_STORAGE_KEY, next)
        else localStorage.removeItem(MODEL_STORAGE_KEY)
      } catch {
        // Storage disabled: the server's copy is enough.
      }
    } catch (failure) {
      setValue(before)
      setError(problem(failure))
    }
  }

  return (
    <Section title="Default model">
      <label htmlFor={id} className="mt-1 block text-sm text-neutral-600 dark:text-neutral-300">
        New chats start with this model.
      </label>
      <select id={id} value={value} onChange={(event) => void choose(event.target.value)} className={`${FIELD} mt-1 h-10`}>
        <option value="">Server default{serverDefault ? ` (${serverDefault.label})` : ''}</option>
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.label}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
          {error}
        </p>
      )}
    </Section>
  )
}

function ColourMode() {
  const mode = useColorMode()
  const name = useId()
  return (
    <Section title="Colour mode">
      <div role="radiogroup" aria-label="Colour mode" className="mt-2 flex flex-wrap gap-2">
        {COLOR_MODES.map((option) => (
          <label key={option} className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm ${mode === option ? 'border-primary-600 bg-primary-50 dark:bg-neutral-800' : 'border-neutral-300 dark:border-neutral-600'}`}>
            <input type="radio" name={name} value={option} checked={mode === option} onChange={() => setColorMode(option)} />
            {option[0]!.toUpperCase() + option.slice(1)}
          </label>
        ))}
      </div>
    </Section>
  )
}

function DeleteAllChats() {
  const id = useId()
  const [typed, setTyped] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const confirmed = typed.trim().toLowerCase() === DELETE_ALL_CHATS_CONFIRMATION

  async function remove(event: FormEvent) {
    event.preventDefault()
    if (!confirmed) return
    setPending(true)
    setError(null)
    try {
      const { deleted } = await http.request<{ deleted: number }>('/api/chats', { method: 'DELETE', body: { confirm: typed } })
      setTyped('')
      for (const chat of chatHistory.get().chats) chatHistory.remove(chat.id)
      if (window.location.pathname.startsWith('/chat/')) (await import('wouter/use-browser-location')).navigate('/')
      notify({ title: deleted === 1 ? '1 chat deleted' : `${deleted} chats deleted`, variant: 'success' })
    } catch (failure) {
      setError(problem(failure))
    } finally {
      setPending(false)
    }
  }

  return (
    <Section title="Delete all chats">
      <form onSubmit={(event) => void remove(event)}>
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">
          Every chat, archived ones too, with their messages and files. This cannot be undone. Type <strong>{DELETE_ALL_CHATS_CONFIRMATION}</strong> to confirm.
        </p>
        <label htmlFor={id} className="sr-only">
          Confirmation
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input id={id} aria-describedby={`${id}-hint`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" className={`${FIELD} h-9`} />
          <Button type="submit" variant="danger" disabled={!confirmed || pending}>
            {pending ? 'Deleting…' : 'Delete all chats'}
          </Button>
        </div>
        {error && (
          <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
            {error}
          </p>
        )}
      </form>
    </Section>
  )
}
