import t from 'tap'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { runStream } from '../helpers/llm.ts'

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Tell me a long story' }] }]

t.test('aborting stops the stream mid-answer', async (t) => {
  const model = createOfflineModel({ tokenDelayMs: 2 })
  const full = await runStream(model, { prompt: 'Tell me a long story' })
  const controller = new AbortController()
  const run = await runStream(model, {
    prompt: 'Tell me a long story',
    abortSignal: controller.signal,
    onDelta: (_delta, index) => {
      if (index === 4) controller.abort()
    },
  })
  t.ok(run.aborted, 'streamText reports the abort')
  t.ok(run.deltas.length >= 5 && run.deltas.length < full.deltas.length, `stopped early (${run.deltas.length} of ${full.deltas.length})`)
  t.ok(full.text.startsWith(run.text), 'what arrived is the start of the answer')
})

t.test('the model stream errors with the abort reason, even while nobody reads', async (t) => {
  const model = createOfflineModel({ tokenDelayMs: 1 })
  const controller = new AbortController()
  const { stream } = await model.doStream({ prompt, abortSignal: controller.signal })
  const reader = stream.getReader()
  const types: string[] = []
  while (types.filter((type) => type === 'text-delta').length < 3) types.push((await reader.read()).value!.type)
  const reason = new Error('stopped by the user')
  controller.abort(reason)
  await t.rejects(reader.read(), reason)
})

t.test('an already aborted call does not start', async (t) => {
  const model = createOfflineModel({ tokenDelayMs: 0 })
  const reason = new Error('too late')
  await t.rejects(async () => model.doStream({ prompt, abortSignal: AbortSignal.abort(reason) }), reason)
  await t.rejects(async () => model.doGenerate({ prompt, abortSignal: AbortSignal.abort(reason) }), reason)
})
