// Page loaders: what each page needs from the server before it renders. The result is inlined
// for hydration and served as `{path}/_payload.json` for client navigation (DESIGN §3).
import type { FastifyRequest } from 'fastify'
import type { PageName } from '../../../shared/routes.ts'
import type { ChatPageData, HomePageData } from '../../../shared/page-data.ts'
import { pageNotFound } from '../../../shared/errors.ts'

export interface LoaderContext {
  params: Record<string, string>
  request: FastifyRequest
}

export type PageLoader<T> = (context: LoaderContext) => Promise<T>

export const pageLoaders: { index: PageLoader<HomePageData>; 'chat-id': PageLoader<ChatPageData> } & Record<
  PageName,
  PageLoader<unknown>
> = {
  index: async () => ({}),
  'chat-id': async ({ params }) => ({ id: params.id! }),
  'sign-in': async ({ request }) => {
    if (!request.server.config.auth.local) throw pageNotFound('/auth/local')
    return {}
  },
  playground: async ({ request }) => {
    if (!request.server.config.uiPlayground) throw pageNotFound('/_playground')
    return {}
  },
}
