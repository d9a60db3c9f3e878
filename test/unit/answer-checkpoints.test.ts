// Running answers are saved together, only when they changed, and a failed save is tried again
// rather than lost; interval 0 saves nothing while streaming.
import t from 'tap'
import { createAnswerCheckpoints, type AnswerDraft } from '../../server/services/answers/answer-checkpoints.ts'

t.test('one batch per tick holds exactly the answers that changed since their last save', async (t) => {
  const batches: Array<Array<{ id: string; parts: string }>> = []
  let fail = false
  let written = 0
  const checkpoints = createAnswerCheckpoints({
    intervalMs: 60_000,
    onSaved: (rows) => (written += rows),
    async save(batch) {
      if (fail) throw new Error('database away')
      batches.push(batch)
    },
  })
  t.teardown(() => checkpoints.close())
  const a: AnswerDraft = { parts: [], version: 0 }
  const b: AnswerDraft = { parts: [], version: 0 }
  checkpoints.track('a', a)
  checkpoints.track('b', b)
  await checkpoints.flush()
  t.same(batches, [], 'nothing changed, nothing written')

  a.parts.push({ type: 'text', text: 'Hel' })
  a.version++
  await checkpoints.flush()
  t.same(batches, [[{ id: 'a', parts: '[{"type":"text","text":"Hel"}]' }]])

  ;(a.parts[0] as { text: string }).text += 'lo'
  a.version++
  b.parts.push({ type: 'text', text: 'Hi' })
  b.version++
  fail = true
  await checkpoints.flush()
  fail = false
  await checkpoints.flush()
  t.same(batches.at(-1)?.map((row) => row.id).sort(), ['a', 'b'], 'a failed save is retried with both')
  t.equal(written, 3, 'rows written, as the metric counts them')

  checkpoints.untrack('a')
  a.version++
  await checkpoints.flush()
  t.equal(batches.length, 2, 'an untracked answer is not saved again')
})

t.test('interval 0 saves nothing while answers stream', async (t) => {
  let saves = 0
  const checkpoints = createAnswerCheckpoints({ intervalMs: 0, save: async () => void saves++ })
  const draft: AnswerDraft = { parts: [{ type: 'text', text: 'x' }], version: 1 }
  checkpoints.track('a', draft)
  draft.version++
  await checkpoints.flush()
  t.equal(saves, 0)
})
