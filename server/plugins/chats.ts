// Chats: the store, the answers running right now, and the rules around them: the
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
 * How long running answers may go on at shutdown: all of SHUTDOWN_TIMEOUT_MS but its last quarter
 * (at most 2 s), which is left for stopping and storing them. Without that margin the drain and the
 * process's kill timer ended together, and the process died while it stored the answers.
 */
function finishWithinMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(2000, Math.floor(shutdownTimeoutMs / 4))
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
      if (interrupted > 0) app.log.warn({ count: interrupted }, 'chats: marked answers cut by a previous shutdown as interrupted')
    }
    const answers = app.answers

    app.auth.onSignIn(async ({ userId, anonymousOwnerId }) => {
      if (!anonymousOwnerId || anonymousOwnerId === userId) return
      const moved = await store.moveOwner(anonymousOwnerId, userId)
      if (moved > 0) app.log.info({ userId, moved }, 'chats: moved anonymous chats to the signed-in user')
    })

    app.addHook('preClose', async () => {
      const finishMs = finishWithinMs(options.config.shutdownTimeoutMs)
      if (answers.size > 0) app.log.info({ running: answers.size, waitMs: finishMs }, 'chats: waiting for running answers before shutdown')
      await answers.drain(finishMs)
      checkpoints.close()
    })
  },
  { name: 'chats', dependencies: ['db', 'session', 'redis', 'metrics'] },
)
