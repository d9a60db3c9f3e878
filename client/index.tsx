// The SSR entry @fastify/vite loads (its convention: client/index.tsx) (built to dist/server). The server resolves the page first
// (route, params, middleware, loader) and hands the result here as `state`.
import { StrictMode } from 'react'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import type { PageState } from '../shared/page-state.ts'
import type { IconLookup } from '../shared/icons.ts'
import { App } from './app.tsx'
import { errorPage, pages } from './routes.ts'
import { loadChatHistoryContent } from './components/history/chat-history-list.tsx'

export function renderApp(state: PageState, options: RenderToPipeableStreamOptions, context: { icons?: IconLookup } = {}) {
  return renderToPipeableStream(
    <StrictMode>
      <App state={state} icons={context.icons} />
    </StrictMode>,
    options,
  )
}

/** Loads the page's chunk and the sidebar's list so the render does not suspend on their code. */
export async function preload(state: PageState): Promise<void> {
  await Promise.all([state.kind === 'error' ? errorPage.load() : pages[state.route as keyof typeof pages].load(), loadChatHistoryContent()])
}

/** Linked instead of the shell's stylesheet for the pages it does not cover (shared/page-layout.ts). */
export { default as wholeStylesheet } from './styles.css?url'

/** Vite source path of the sidebar's chat list (chat-history-content.tsx), preloaded when there are chats to list. */
export const chatListModule = 'components/history/chat-history-content.tsx'

/** Vite source path of each page's chunk, to preload it from the client manifest. */
export const pageModules: Record<string, string> = {
  index: 'pages/home.tsx',
  'chat-id': 'pages/chat.tsx',
  playground: 'pages/playground.tsx',
  'sign-in': 'pages/sign-in.tsx',
  admin: 'pages/admin.tsx',
  error: 'pages/error.tsx',
}
