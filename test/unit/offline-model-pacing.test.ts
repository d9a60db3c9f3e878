import t from 'tap'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { runStream } from '../helpers/llm.ts'

t.test('OFFLINE_TOKEN_DELAY_MS paces the words', async (t) => {
  const delay = 5
  const run = await runStream(createOfflineModel({ tokenDelayMs: delay }), { prompt: 'Pace yourself' })
  // Each word waits at least the delay (longer after a sentence), so the whole answer cannot be faster.
  t.ok(run.elapsedMs >= run.deltas.length * delay * 0.9, `${run.deltas.length} words took ${run.elapsedMs} ms`)
})
