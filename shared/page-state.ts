// What the server inlines into the page for hydration, and what `_payload.json` returns.

import type { PageError } from './errors.ts'
import type { AuthProvider, SessionPayload } from './auth.ts'
import type { ChatListPage } from './page-data.ts'
import { PRODUCT_DESCRIPTION, PRODUCT_TITLE } from './constants.ts'

/** The body of `GET {path}/_payload.json`. */
export type Payload = { data: unknown } | { redirect: string }

/** Known on the server at render time, so the first paint already shows who is signed in. */
export interface PageSession {
  session: SessionPayload
  providers: AuthProvider[]
  /**
   * The first page of the visitor's chats, for the sidebar: a full page load then needs no request
   * (nor the HTTP client's code) to fill it. Never in `_payload.json`: by then the list is loaded.
   */
  chatList: ChatListPage
  /** MESSAGE_MAX_CHARS: the composer counts down to it and will not send beyond it. */
  messageMaxChars: number
  /** What a message may carry in files. */
  uploads: UploadLimits
  /** The query string of the page's address, without `?` (a server render's `useSearch`: `/?project=`). */
  search: string
  /** ARTIFACTS_ORIGIN: the origin the artifact sandbox is loaded from, or null for an opaque-origin iframe of this server. */
  artifactsOrigin?: string | null
}

export interface UploadLimits {
  /** UPLOAD_MAX_BYTES: the largest file. */
  maxBytes: number
  /** UPLOAD_MAX_FILES: files per message. */
  maxFiles: number
  /** Whether visitors who are not signed in may upload (UPLOAD_QUOTA_ANONYMOUS_BYTES > 0). */
  anonymous: boolean
}

export type PageState = (
  | { path: string; kind: 'page'; route: string; params: Record<string, string>; data: unknown }
  | { path: string; kind: 'error'; error: PageError }
) &
  Partial<PageSession>

export interface PageHead {
  title: string
  description: string
}

export const NOT_FOUND_HEAD: PageHead = {
  title: 'Page not found',
  description: 'We are sorry but this page could not be found.',
}

/** The error page's title and description (docs/product-contract.md); other pages carry the product's. */
export function headFor(state: Pick<PageState, 'kind'> & { error?: PageError }): PageHead {
  if (state.kind === 'error') {
    if (state.error?.statusCode === 404) return NOT_FOUND_HEAD
    return { title: state.error?.statusMessage ?? 'Error', description: PRODUCT_DESCRIPTION }
  }
  return { title: PRODUCT_TITLE, description: PRODUCT_DESCRIPTION }
}
