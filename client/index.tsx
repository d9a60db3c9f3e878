// The SSR entry @fastify/vite loads (its convention: client/index.tsx) (built to dist/server). The server resolves the page first
// (route, params, middleware, loader) and hands the result here as `state`.
import { StrictMode } from 'react'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import type { PageState } from '../shared/page-state.ts'
import type { IconLookup } from '../shared/icons.ts'
import { App } from './app.tsx'
import { errorPage, pages } from './routes.ts'

export function renderApp(state: PageState, options: RenderToPipeableStreamOptions, context: { icons?: IconLookup } = {}) {
  return renderToPipeableStream(
    <StrictMode>
      <App state={state} icons={context.icons} />
    </StrictMode>,
    options,
  )
}

/** Loads the page's chunk so the render does not suspend on its code. */
export async function preload(state: PageState): Promise<void> {
  if (state.kind === 'error') await errorPage.load()
  else await pages[state.route as keyof typeof pages].load()
}

/** Linked instead of the shell's stylesheet for the pages it does not cover (shared/page-layout.ts). */
export { default as wholeStylesheet } from './styles.css?url'

/** Vite source path of the sidebar's chat rows (chat-history-rows.tsx), preloaded when there are chats to list. */
export const chatRowsModule = 'components/history/chat-history-rows.tsx'

/** Vite source path of each page's chunk, to preload it from the client manifest. */
export const pageModules: Record<string, string> = {
  index: 'pages/home.tsx',
  'chat-id': 'pages/chat.tsx',
  playground: 'pages/playground.tsx',
  'sign-in': 'pages/sign-in.tsx',
  admin: 'pages/admin.tsx',
  error: 'pages/error.tsx',
}
