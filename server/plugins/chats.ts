// Chats (DESIGN §5): the store, the answers running right now, and the rules around them: the
// anonymous owner's chats move to the user on sign-in; answers interrupted by a crash are marked
// partial at start-up; shutdown waits (bounded) for running answers and stores what they have.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createChatStore, type ChatStore } from '../services/chat-store.ts'
import { createAnswerRuns, type AnswerRuns } from '../services/answer-runs.ts'

declare module 'fastify' {
  interface FastifyInstance {
    chats: ChatStore
    answers: AnswerRuns
  }
}

export default fp(
  async function chats(app, options: { config: AppConfig }) {
    const store = createChatStore(app.db)
    const answers = createAnswerRuns({ onError: (error, chatId) => app.log.error({ err: error, chatId }, 'chats: answer run failed') })
    app.decorate('chats', store)
    app.decorate('answers', answers)

    const interrupted = await store.settleInterrupted()
    if (interrupted > 0) app.log.warn({ count: interrupted }, 'chats: marked answers interrupted by a previous shutdown as partial')

    app.auth.onSignIn(async ({ userId, anonymousOwnerId }) => {
      if (!anonymousOwnerId || anonymousOwnerId === userId) return
      const moved = await store.moveOwner(anonymousOwnerId, userId)
      if (moved > 0) app.log.info({ userId, moved }, 'chats: moved anonymous chats to the signed-in user')
    })

    app.addHook('preClose', async () => {
      if (answers.size > 0) app.log.info({ running: answers.size }, 'chats: waiting for running answers before shutdown')
      await answers.drain(options.config.shutdownTimeoutMs)
    })
  },
  { name: 'chats', dependencies: ['db', 'session'] },
)
