// Progress is indeterminate without a value, loading with one, complete at max (docs/product-contract.md); max > 0
// (default 100); a value outside 0..max is reported and shown as indeterminate.
import t from 'tap'
import { resolveProgress } from '../../client/lib/progress.ts'

function reporter() {
  const messages: string[] = []
  return { messages, report: (message: string) => void messages.push(message) }
}

t.test('states', async (t) => {
  const { messages, report } = reporter()
  t.same(resolveProgress(null, undefined, report), { state: 'indeterminate', value: null, max: 100, percent: null })
  t.same(resolveProgress(undefined, 100, report).state, 'indeterminate')
  t.same(resolveProgress(0, 100, report), { state: 'loading', value: 0, max: 100, percent: 0 })
  t.same(resolveProgress(40, 100, report), { state: 'loading', value: 40, max: 100, percent: 40 })
  t.same(resolveProgress(100, 100, report), { state: 'complete', value: 100, max: 100, percent: 100 })
  t.same(resolveProgress(3, 4, report), { state: 'loading', value: 3, max: 4, percent: 75 })
  t.same(resolveProgress(4, 4, report).state, 'complete')
  t.same(messages, [])
})

t.test('a value outside 0..max is reported and shown as indeterminate', async (t) => {
  const { messages, report } = reporter()
  for (const value of [-1, 101, Number.NaN, Infinity, '50']) {
    t.equal(resolveProgress(value, 100, report).state, 'indeterminate', `value ${String(value)}`)
  }
  t.equal(messages.length, 5)
  t.match(messages[0], /between 0 and 100/)
})

t.test('a bad max is reported and replaced by 100', async (t) => {
  const { messages, report } = reporter()
  for (const max of [0, -5, Number.NaN, Infinity, '10']) {
    t.equal(resolveProgress(50, max, report).max, 100, `max ${String(max)}`)
  }
  t.equal(messages.length, 5)
  t.match(messages[0], /greater than 0/)
  t.same(resolveProgress(100, 0, () => {}).state, 'complete', 'judged against the default max')
})
