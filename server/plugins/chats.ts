// Chats (DESIGN §5): the store, the answers running right now, and the rules around them: the
// anonymous owner's chats move to the user on sign-in; answers interrupted by a crash are marked
// partial (at start-up for a single process; with Redis, by whichever replica notices the writer's
// lease ran out); shutdown waits (bounded) for running answers and stores what they have.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createChatStore, type ChatStore } from '../services/chats/chat-store.ts'
import { createAnswerRuns } from '../services/answers/answer-runs.ts'
import { withAnswerMetrics } from '../services/answers/answer-metrics.ts'
import { createMemoryAnswers } from '../services/answers/answer-bus/memory.ts'
import { createRedisAnswers } from '../services/answers/answer-bus/redis.ts'
import type { Answers } from '../services/answers/answer-bus/types.ts'
import { createAnswerCheckpoints, type AnswerCheckpoints } from '../services/answers/answer-checkpoints.ts'

declare module 'fastify' {
  interface FastifyInstance {
    chats: ChatStore
    answers: Answers
    /** Saves running answers as they stream (at most about once a second each). */
    answerCheckpoints: AnswerCheckpoints
  }
}

/**
 * Of the shutdown time, what stopping and storing the answers still running may take: the rest
 * is spent letting them finish. Without it the drain and the process's kill timer (both
 * SHUTDOWN_TIMEOUT_MS) ended together, and the process died while it stored the answers.
 */
export function shutdownPlan(shutdownTimeoutMs: number): { finishMs: number; storeMs: number } {
  const storeMs = Math.min(2000, Math.floor(shutdownTimeoutMs / 4))
  return { finishMs: shutdownTimeoutMs - storeMs, storeMs }
}

export default fp(
  async function chats(app, options: { config: AppConfig }) {
    const store = createChatStore(app.db)
    const runs = withAnswerMetrics(
      createAnswerRuns({ onError: (error, chatId) => app.log.error({ err: error, chatId }, 'chats: answer run failed') }),
      app.metrics,
    )
    app.decorate('chats', store)
    const checkpoints = createAnswerCheckpoints({
      save: (batch) => store.checkpoint(batch),
      intervalMs: options.config.answerSaveIntervalMs,
      onSaved: (rows) => app.metrics.answerSaves.inc(rows),
      onError: (error) => app.log.warn({ err: error }, 'chats: saving running answers failed'),
    })
    app.decorate('answerCheckpoints', checkpoints)

    if (app.shared) {
      // Other replicas may be writing answers right now: only answers nobody holds are settled.
      app.decorate('answers', createRedisAnswers({ runs, shared: app.shared, store, log: app.log }))
      await store.dropStaleDrafts()
    } else {
      app.decorate('answers', createMemoryAnswers(runs))
      const interrupted = await store.settleInterrupted()
      if (interrupted > 0) app.log.warn({ count: interrupted }, 'chats: marked answers interrupted by a previous shutdown as partial')
    }
    const answers = app.answers

    app.auth.onSignIn(async ({ userId, anonymousOwnerId }) => {
      if (!anonymousOwnerId || anonymousOwnerId === userId) return
      const moved = await store.moveOwner(anonymousOwnerId, userId)
      if (moved > 0) app.log.info({ userId, moved }, 'chats: moved anonymous chats to the signed-in user')
    })

    app.addHook('preClose', async () => {
      const { finishMs } = shutdownPlan(options.config.shutdownTimeoutMs)
      if (answers.size > 0) app.log.info({ running: answers.size, waitMs: finishMs }, 'chats: waiting for running answers before shutdown')
      await answers.drain(finishMs)
      checkpoints.close()
    })
  },
  { name: 'chats', dependencies: ['db', 'session', 'redis', 'metrics'] },
)
