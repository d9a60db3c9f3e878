// Page loaders: what each page needs from the server before it renders. The result is inlined
// for hydration and served as `{path}/_payload.json` for client navigation (DESIGN §3).
import type { FastifyRequest } from 'fastify'
import type { PageName } from '../../../shared/routes.ts'
import type { ChatPageData, HomePageData } from '../../../shared/page-data.ts'
import { pageNotFound } from '../../../shared/errors.ts'
import { readChat } from '../chats/common.ts'

export interface LoaderContext {
  params: Record<string, string>
  request: FastifyRequest
}

export type PageLoader<T> = (context: LoaderContext) => Promise<T>

export const pageLoaders: { index: PageLoader<HomePageData>; 'chat-id': PageLoader<ChatPageData> } & Record<
  PageName,
  PageLoader<unknown>
> = {
  index: async ({ request }) => {
    const ownerId = await request.peekOwnerId()
    const [models, settings] = await Promise.all([request.server.llm.list(), ownerId === null ? null : request.server.settings.get(ownerId)])
    // The owner's default model when it is still on offer, else the server's.
    const defaultModel = models.find((model) => model.id === settings?.defaultModel) ?? models.find((model) => model.default)!
    return { models, defaultModel: defaultModel.id, tools: request.server.tools.list() }
  },
  // A chat that does not exist or is someone else's private chat is a 404 "Chat not found" page.
  'chat-id': async ({ params, request }) => {
    const chat = await readChat(request.server, request, params.id!)
    if (!chat.chat.isOwner) return chat
    const { toolsOff } = (await request.server.chats.get(chat.chat.id))!
    return { ...chat, models: await request.server.llm.list(), tools: { available: request.server.tools.list(), off: toolsOff } }
  },
  'sign-in': async ({ request }) => {
    if (!request.server.config.auth.local) throw pageNotFound('/auth/local')
    return {}
  },
  playground: async ({ request }) => {
    if (!request.server.config.uiPlayground) throw pageNotFound('/_playground')
    return {}
  },
}
