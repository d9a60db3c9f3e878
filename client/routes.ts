// Which lazy chunk renders each named route of shared/routes.ts (SPEC §2: both screens lazy).
import type { PageName } from '../shared/routes.ts'
import type { PageError } from '../shared/error-page.ts'
import { lazyPage, type LazyPage } from './lib/lazy-page.ts'

export const pages: Record<PageName, LazyPage> = {
  index: lazyPage(() => import('./pages/home.tsx')),
  'chat-id': lazyPage(() => import('./pages/chat.tsx')),
  playground: lazyPage(() => import('./pages/playground.tsx')),
  'sign-in': lazyPage(() => import('./pages/sign-in.tsx')),
  admin: lazyPage(() => import('./pages/admin.tsx')),
}

export const errorPage: LazyPage<{ error: PageError }> = lazyPage(() => import('./pages/error.tsx'))
