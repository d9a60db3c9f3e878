// Which lazy chunk renders each named route of shared/routes.ts (both screens are lazy chunks).
import type { PageName } from '../shared/routes.ts'
import type { PageError } from '../shared/error-page.ts'
import type { ComponentType } from 'react'
import { paintsWithShellStyles } from '../shared/page-layout.ts'
import { lazyPage, type LazyPage } from './lib/lazy-page.ts'

// A page the shell's stylesheet covers (the home page, shared/page-layout.ts) does not wait for the
// whole sheet as its code loads; the others do.
function page(name: PageName, importer: () => Promise<{ default: ComponentType }>): LazyPage {
  return lazyPage(importer, { shellStyled: paintsWithShellStyles({ kind: 'page', route: name }) })
}

export const pages: Record<PageName, LazyPage> = {
  index: page('index', () => import('./pages/home.tsx')),
  'chat-id': page('chat-id', () => import('./pages/chat.tsx')),
  playground: page('playground', () => import('./pages/playground.tsx')),
  'sign-in': page('sign-in', () => import('./pages/sign-in.tsx')),
  admin: page('admin', () => import('./pages/admin.tsx')),
}

export const errorPage: LazyPage<{ error: PageError }> = lazyPage(() => import('./pages/error.tsx'))
