// The search palette: a modal combobox over the owner's chats and the app's commands. Typing searches
// titles and message text (GET /api/chats/search, debounced, the previous request aborted) and the
// commands' names; with nothing typed it lists the recent chats and every command. Arrow keys move,
// Enter opens or runs, Escape closes (the overlay layer).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { OverlayProps } from '../../lib/overlay.ts'
import { useChatHistory } from '../../lib/chat-history.ts'
import { searchChats, showBranchOf, type SearchHit } from '../../lib/chat-api.ts'
import { invalidatePageResource } from '../../lib/page-resource.ts'
import { requestFind, requestFindAfterReload } from '../chat/find-handoff.ts'
import { findWord } from './find-word.ts'
import { Icon } from '../ui/icon.tsx'
import './search-palette.css'
import { HighlightedText } from './highlighted-text.tsx'
import { setColorMode, useColorMode } from '../../lib/color-mode.ts'
import type { ColorModePreference } from '../../../shared/constants.ts'
import { useSession } from '../../lib/session.ts'
import { signOut } from '../../lib/sign-out.ts'
import { focusPrompt } from '../../lib/prompt-focus.ts'
import { notify } from '../../lib/toast.ts'

export const SEARCH_DEBOUNCE_MS = 200
const RECENT_COUNT = 8

interface ChatOption {
  kind: 'chat'
  chatId: string
  title: string
  snippet?: string
  highlights?: SearchHit['highlights']
  /** The message the text was found in: the chat opens on its branch. */
  messageId?: string | null
  updatedAt?: number
}

interface CommandOption {
  kind: 'command'
  id: string
  label: string
  icon: string
  /** Other words it is found by. */
  keywords: string
  run: () => void
}

type Option = ChatOption | CommandOption

const THEMES: Array<{ mode: ColorModePreference; label: string; icon: string }> = [
  { mode: 'light', label: 'Switch to light theme', icon: 'lucide:sun' },
  { mode: 'dark', label: 'Switch to dark theme', icon: 'lucide:moon' },
  { mode: 'system', label: 'Use the system theme', icon: 'lucide:monitor' },
]

/** When a chat was last active, short: a time today, "Yesterday", a weekday this week, else a date. */
export function formatWhen(at: number, now = Date.now()): string {
  const date = new Date(at)
  const today = new Date(now)
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
  if (at >= startOfToday) return date.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' })
  if (at >= startOfToday - 86_400_000) return 'Yesterday'
  if (at >= startOfToday - 6 * 86_400_000) return date.toLocaleDateString('en', { weekday: 'long' })
  return date.toLocaleDateString('en', { month: 'short', day: 'numeric', ...(date.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }) })
}

type Results =
  | { status: 'idle' }
  /** `hits`: the previous answer, shown until this one arrives (no flicker while typing). */
  | { status: 'loading'; query: string; hits?: SearchHit[] }
  | { status: 'done'; query: string; hits: SearchHit[] } | { status: 'error'; query: string; message: string }

export function SearchPalette({
  navigate,
  takeTypedAhead,
  close,
}: {
  navigate: (to: string) => void
  /** What was typed before the box had focus (client/lib/search-palette.ts). */
  takeTypedAhead: () => string
} & OverlayProps<void>) {
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<Results>({ status: 'idle' })
  const [active, setActive] = useState(0)
  const { chats } = useChatHistory()
  const colorMode = useColorMode()
  const { loggedIn } = useSession()
  const listId = useId()
  const titleId = useId()
  const list = useRef<HTMLDivElement>(null)
  const trimmed = query.trim()

  useEffect(() => {
    if (!trimmed) {
      setResults({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setResults((previous) => ({ status: 'loading', query: trimmed, hits: 'hits' in previous ? previous.hits : undefined }))
      searchChats(trimmed, controller.signal).then(
        (hits) => setResults({ status: 'done', query: trimmed, hits }),
        (error: unknown) => {
          if (!controller.signal.aborted) setResults({ status: 'error', query: trimmed, message: error instanceof Error ? error.message : String(error) })
        },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [trimmed])

  const hits = results.status === 'done' || results.status === 'loading' ? results.hits : undefined
  const chatOptions: ChatOption[] =
    trimmed && hits
      ? hits.map((hit) => ({ kind: 'chat', chatId: hit.chatId, title: hit.title, snippet: hit.snippet, highlights: hit.highlights, messageId: hit.messageId, updatedAt: hit.updatedAt }))
      : trimmed
        ? []
        : chats.filter((chat) => !chat.archivedAt).slice(0, RECENT_COUNT).map((chat) => ({ kind: 'chat', chatId: chat.id, title: chat.title, updatedAt: chat.updatedAt }))
  const allCommands: CommandOption[] = [
    {
      kind: 'command',
      id: 'new-chat',
      label: 'New chat',
      icon: 'lucide:square-pen',
      keywords: 'start new conversation home',
      run: () => (window.location.pathname === '/' ? focusPrompt() : navigate('/')),
    },
    {
      kind: 'command',
      id: 'settings',
      label: 'Settings',
      icon: 'lucide:settings',
      keywords: 'preferences custom instructions default model archived delete import',
      run: () => void import('../../lib/settings.ts').then((settings) => settings.openSettings()),
    },
    {
      kind: 'command',
      id: 'new-project',
      label: 'New project',
      icon: 'lucide:folder-plus',
      keywords: 'create project folder group',
      run: () => void import('../../lib/chat-actions.ts').then((a) => a.newProject()).then((project) => project && navigate(`/?project=${encodeURIComponent(project.id)}`)),
    },
    ...THEMES.filter((theme) => theme.mode !== colorMode).map<CommandOption>((theme) => ({
      kind: 'command',
      id: `theme-${theme.mode}`,
      label: theme.label,
      icon: theme.icon,
      keywords: 'theme colour color mode appearance',
      run: () => setColorMode(theme.mode),
    })),
    ...(loggedIn
      ? [
          {
            kind: 'command' as const,
            id: 'sign-out',
            label: 'Sign out',
            icon: 'lucide:log-out',
            keywords: 'log out logout account',
            run: () =>
              void signOut().then((ok) =>
                notify(ok ? { title: 'You are signed out.', variant: 'success', type: 'background' } : { title: 'Could not sign out', description: 'Check your connection and try again.', variant: 'error' }),
              ),
          },
        ]
      : []),
  ]
  const words = trimmed.toLowerCase().split(/\s+/).filter(Boolean)
  const commands = allCommands.filter((command) => words.every((word) => `${command.label} ${command.keywords}`.toLowerCase().includes(word)))
  const options: Option[] = [...chatOptions, ...commands]

  // A new list starts at its first entry.
  useEffect(() => setActive(0), [hits, trimmed === ''])
  const activeIndex = Math.min(active, options.length - 1)
  const optionId = (index: number) => `${listId}-option-${index}`

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' })
  }, [activeIndex])

  function choose(option: Option | undefined) {
    if (!option) return
    close()
    if (option.kind === 'command') option.run()
    else void openChat(option)
  }

  /**
   * A hit in a message opens the chat at that message, its find bar on the word the snippet marked
   * (a long chat shows its latest messages only); a hit in a hidden branch (another version) opens
   * the chat on that branch.
   */
  async function openChat(option: ChatOption) {
    const path = `/chat/${encodeURIComponent(option.chatId)}`
    // Not fatal when it fails: the chat still opens, on the branch it shows.
    const word = findWord(query, option.snippet ?? '', option.highlights ?? [])
    const target = option.messageId && word ? { chatId: option.chatId, query: word, messageId: option.messageId } : null
    if (option.messageId && (await showBranchOf(option.chatId, option.messageId).catch(() => false))) {
      invalidatePageResource(path)
      // Already on that chat: its screen must be read again, and the find bar waits for that.
      if (window.location.pathname === path) {
        if (target) requestFindAfterReload(target)
        return window.location.reload()
      }
    }
    if (target) requestFind(target)
    navigate(path)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + options.length) % options.length)
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault()
      choose(options[activeIndex])
    }
  }

  const searching = results.status === 'loading' || (trimmed !== '' && results.status === 'idle')
  const statusText =
    results.status === 'error'
      ? `Search failed: ${results.message}`
      : results.status === 'done'
        ? results.hits.length === 0
          ? `No chats match “${results.query}”.`
          : `${results.hits.length} ${results.hits.length === 1 ? 'chat matches' : 'chats match'}.`
        : searching
          ? 'Searching…'
          : chatOptions.length === 0
            ? 'No chats yet.'
            : ''

  function renderOption(option: Option, index: number) {
    return (
      <div
        key={option.kind === 'chat' ? option.chatId : option.id}
        id={optionId(index)}
        role="option"
        aria-selected={index === activeIndex}
        onMouseMove={() => index !== activeIndex && setActive(index)}
        onClick={() => choose(option)}
        className="search-palette__option"
      >
        <Icon name={option.kind === 'chat' ? 'lucide:message-square' : option.icon} size={16} />
        {option.kind === 'chat' ? (
          <>
            <span className="search-palette__text">
              <span className="search-palette__title">{option.title}</span>
              {option.snippet && option.snippet !== option.title && (
                <span className="search-palette__snippet">
                  <HighlightedText text={option.snippet} ranges={option.highlights ?? []} />
                </span>
              )}
            </span>
            {option.updatedAt !== undefined && (
              <time dateTime={new Date(option.updatedAt).toISOString()} className="search-palette__when">
                {formatWhen(option.updatedAt)}
              </time>
            )}
          </>
        ) : (
          <span className="search-palette__text search-palette__title">{option.label}</span>
        )}
      </div>
    )
  }

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="search-palette"
    >
      <h2 id={titleId} className="sr-only">
        Search chats
      </h2>
      <div className="search-palette__field">
        <Icon name="lucide:search" size={18} className="search-palette__icon" />
        <input
          type="search"
          role="combobox"
          aria-label="Search chats"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Search chats…"
          data-autofocus=""
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => {
            const typed = takeTypedAhead()
            if (typed) setQuery((current) => current + typed)
          }}
          onKeyDown={onKeyDown}
          className="search-palette__input"
        />
        {searching && <Icon name="lucide:loader-circle" size={18} className="search-palette__icon search-palette__spin" />}
      </div>
      <div ref={list} id={listId} role="listbox" aria-label="Chats and commands" className="search-palette__list">
        {chatOptions.length > 0 && (
          <div role="group" aria-label={trimmed ? 'Matching chats' : 'Recent chats'}>
            <div className="search-palette__group" aria-hidden="true">
              {trimmed ? 'Chats' : 'Recent chats'}
            </div>
            {chatOptions.map((option, index) => renderOption(option, index))}
          </div>
        )}
        {commands.length > 0 && (
          <div role="group" aria-label="Commands">
            <div className="search-palette__group" aria-hidden="true">
              Commands
            </div>
            {commands.map((option, index) => renderOption(option, chatOptions.length + index))}
          </div>
        )}
      </div>
      <p role="status" className={statusText && options.length === 0 ? 'search-palette__status' : 'sr-only'}>
        {statusText}
      </p>
      <div className="search-palette__keys" aria-hidden="true">
        <span>
          <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move
        </span>
        <span>
          <Kbd>Enter</Kbd> to open or run
        </span>
        <span>
          <Kbd>Esc</Kbd> to close
        </span>
      </div>
    </div>
  )
}

function Kbd({ children }: { children: string }) {
  return <kbd>{children}</kbd>
}
