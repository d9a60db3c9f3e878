// Browser entry: hydrates the server-rendered page. An error while mounting is only
// logged to the console (the server-rendered page stays readable).
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PageState } from '../shared/page-state.ts'
import { App } from './app.tsx'
import { errorPage, pages } from './routes.ts'
import { seedPageResource } from './lib/page-resource.ts'
import { initColorMode } from './lib/color-mode.ts'
import { seedSession } from './lib/session.ts'
import { chatListOwner, seedChatList } from './lib/chat-list-loader.ts'
import { completeSignInPopup, watchSignInPopup } from './lib/auth-popup.ts'
import { startUpdateCheck } from './lib/update-check.ts'
import { seedIconsFromDocument } from './lib/icons.ts'
import { watchConnection } from './lib/connection.ts'
import { loadFullStyles, setWholeStylesheetUrl } from './lib/full-styles.ts'
import wholeStylesheetUrl from './styles.css?url'
import { pageSettled } from './lib/page-settled.ts'
import { importWhenConnected } from './lib/chunk-reload.ts'
import { hasSidebarRow } from '../shared/page-data.ts'
import { loadChatHistoryContent } from './components/history/chat-history-list.tsx'

async function mount() {
  const stateElement = document.getElementById('__APP_STATE__')
  const state = JSON.parse(stateElement?.textContent ?? 'null') as PageState | null
  const container = document.getElementById('app')
  if (!state || !container) throw new Error('The server did not render the app state')
  // Inside the sign-in popup, returning to the app means the flow is over: hand back and close.
  if (completeSignInPopup()) return
  setWholeStylesheetUrl(wholeStylesheetUrl)
  seedPageResource(state)
  seedSession(state.session ?? {})
  if (state.chatList) seedChatList(chatListOwner(state.session ?? {}), state.chatList)
  initColorMode()
  seedIconsFromDocument()
  watchConnection()
  // Rows to list: the sidebar's list comes with the page (the server named its chunk among the
  // preloads), so the rows draw at hydration. Without, the server drew the list's frame, which works
  // once its chunk is in (chat-history-list.tsx).
  const rows = state.chatList && [...state.chatList.chats, ...(state.chatList.pinned ?? [])].some(hasSidebarRow)
  await Promise.all([state.kind === 'error' ? errorPage.load() : pages[state.route as keyof typeof pages].load(), rows && loadChatHistoryContent()])
  hydrateRoot(
    container,
    <StrictMode>
      <App state={state} />
    </StrictMode>,
    {
      onRecoverableError(error) {
        // Hydration mismatches land here: an error, so tests and monitoring notice them.
        // React wraps an error it recovered from by re-rendering (#520): the cause is the story.
        const cause = error instanceof Error && error.cause ? error.cause : undefined
        console.error('[app] recoverable error', error, ...(cause ? ['caused by', cause] : []))
      },
    },
  )
  // None delays what the page shows: the sign-in popup watcher, the idle-time update check, and the
  // whole stylesheet (the home page painted with the shell's), there before the user opens anything.
  watchSignInPopup()
  startUpdateCheck()
  void pageSettled()
    .then(() => importWhenConnected(loadFullStyles))
    .catch((error: unknown) => console.error('[app] could not load the stylesheet', error))
}

mount().catch((error: unknown) => {
  console.error('[app] error while mounting the app', error)
})
