// Page loaders: what each page needs from the server before it renders. The result is inlined
// for hydration and served as `{path}/_payload.json` for client navigation.
import type { FastifyRequest } from 'fastify'
import type { PageName } from '../../../shared/routes.ts'
import type { ChatPageData, HomePageData } from '../../../shared/page-data.ts'
import { pageNotFound } from '../../../shared/errors.ts'
import { CHAT_PAGE_MESSAGES } from '../../../shared/constants.ts'
import { readChat } from '../chats/common.ts'
import { configuredProviders } from '../auth/index.ts'
import { adminUsage, auditPage, userDirectory } from '../admin/admin-data.ts'
import { ADMIN_USERS_PAGE_SIZE, type AdminPageData } from '../../../shared/admin.ts'

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
    // ANONYMOUS_CHAT=false and not signed in: the page offers sign-in instead of the composer.
    const signInToChat = request.server.config.operators.anonymousChat || (await request.getUser()) ? undefined : configuredProviders(request.server)[0]?.url
    return { models, defaultModel: defaultModel.id, tools: request.server.tools.list(), ...(signInToChat && { signInToChat }) }
  },
  // A chat that does not exist or is someone else's private chat is a 404 "Chat not found" page.
  'chat-id': async ({ params, request }) => {
    // The latest messages; earlier ones load as the reader scrolls up.
    const chat = await readChat(request.server, request, params.id!, { limit: CHAT_PAGE_MESSAGES })
    if (!chat.chat.isOwner) return chat
    const { toolsOff } = (await request.server.chats.get(chat.chat.id))!
    return { ...chat, models: await request.server.llm.list(), tools: { available: request.server.tools.list(), off: toolsOff } }
  },
  'sign-in': async ({ request }) => {
    if (!request.server.config.auth.local) throw pageNotFound('/auth/local')
    return {}
  },
  // Administrators only; to everyone else the page does not exist.
  admin: async ({ request }) => {
    const user = await request.getUser()
    if (!user?.admin) throw pageNotFound('/admin')
    const app = request.server
    const [users, usage, audit] = await Promise.all([userDirectory(app).page({ limit: ADMIN_USERS_PAGE_SIZE }), adminUsage(app), auditPage(app)])
    return { users: users!, usage, audit, you: user.id } satisfies AdminPageData
  },
  playground: async ({ request }) => {
    if (!request.server.config.uiPlayground) throw pageNotFound('/_playground')
    return {}
  },
}
