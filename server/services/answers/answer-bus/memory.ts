// Answers of a single process: everything is in answer-runs.ts' memory.
import type { AnswerRuns } from '../answer-runs.ts'
import type { Answers } from './types.ts'

export function createMemoryAnswers(runs: AnswerRuns): Answers {
  return {
    mode: 'in-process',
    get size() {
      return runs.size
    },
    start: (input) => runs.start(input),
    get: (chatId) => runs.get(chatId),
    async isRunning(chatId) {
      return runs.get(chatId) !== undefined
    },
    async subscribe(chatId) {
      return runs.subscribe(chatId)
    },
    awaitApproval: (chatId, approvalId, signal) => runs.awaitApproval(chatId, approvalId, signal),
    async approve(chatId, approvalId, decision) {
      return runs.decide(chatId, approvalId, decision)
    },
    async stop(chatId) {
      const run = runs.get(chatId)
      if (!run) return false
      runs.stop(chatId)
      await run.settled
      return true
    },
    drain: (timeoutMs) => runs.drain(timeoutMs),
  }
}
