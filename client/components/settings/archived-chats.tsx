// The settings dialog's list of archived chats: each opens, or is restored to the sidebar.
import { useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { chatHistory, type ChatSummary } from '../../lib/chat-history.ts'
import { useChatPages } from '../../lib/chat-pages.ts'
import { Button } from '../ui/button.tsx'
import { Section, problem } from './settings-dialog.tsx'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

export function ArchivedChats({ close }: { close: () => void }) {
  const { chats, hasMore, more, error: loadError, setChats } = useChatPages({ archived: true }, 20)
  const [error, setError] = useState<string | null>(null)

  async function restore(chat: ChatSummary) {
    try {
      const saved = await http.request<ChatSummary>(`/api/chats/${encodeURIComponent(chat.id)}`, { method: 'PATCH', body: { archived: false } })
      setChats((current) => current?.filter((known) => known.id !== chat.id) ?? null)
      // Absent from the answer means unset: the sidebar's copy may still say archived.
      chatHistory.upsert({ ...saved, archivedAt: undefined })
      notify({ title: `“${chat.title}” is back in your chats.`, variant: 'success' })
    } catch (failure) {
      setError(problem(failure))
    }
  }

  return (
    <Section title="Archived chats">
      {(error ?? loadError) && (
        <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
          {error ?? loadError}
        </p>
      )}
      {chats === null ? (
        !loadError && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">Loading…</p>
      ) : chats.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">No archived chats. Archive a chat from its menu to hide it from the sidebar; search still finds it.</p>
      ) : (
        <ul aria-label="Archived chats" className="mt-2 grid gap-1">
          {chats.map((chat) => (
            <li key={chat.id} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-neutral-100 dark:hover:bg-neutral-800">
              <a
                href={`/chat/${encodeURIComponent(chat.id)}`}
                onClick={(event) => {
                  event.preventDefault()
                  close()
                  navigate(`/chat/${encodeURIComponent(chat.id)}`)
                }}
                className="min-w-0 flex-1 truncate text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                {chat.title}
              </a>
              <span className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400">{dateFormat.format(chat.archivedAt ?? chat.updatedAt)}</span>
              <Button variant="ghost" className="h-8 shrink-0" onClick={() => void restore(chat)} aria-label={`Restore “${chat.title}”`}>
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button variant="ghost" className="mt-2" onClick={more}>
          Show more
        </Button>
      )}
    </Section>
  )
}

