// The words under a message: its relative time, and an answer's details with what is missing said.
import t from 'tap'
import { answerFacts, relativeTime } from '../../client/components/chat/message-meta-format.ts'

t.test('relative times, from just now to years', async (t) => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0)
  const ago = (seconds: number) => relativeTime(now - seconds * 1000, now)
  t.equal(ago(0), 'just now')
  t.equal(ago(44), 'just now')
  t.equal(ago(50), '1 minute ago')
  t.equal(ago(5 * 60), '5 minutes ago')
  t.equal(ago(3600), '1 hour ago')
  t.equal(ago(5 * 3600), '5 hours ago')
  t.equal(ago(24 * 3600), 'yesterday')
  t.equal(ago(3 * 24 * 3600), '3 days ago')
  t.equal(ago(14 * 24 * 3600), '2 weeks ago')
  t.equal(ago(60 * 24 * 3600), '2 months ago')
  t.equal(ago(400 * 24 * 3600), 'last year')
})

t.test('an answer’s details: measured values, and what the provider or the record does not have', async (t) => {
  const facts = Object.fromEntries(
    answerFacts({ model: 'openai:gpt-4o', usage: { inputTokens: 1200, outputTokens: 300 }, details: { firstTokenMs: 500, totalMs: 3500, finishReason: 'length' } }),
  )
  t.same(facts, {
    Model: 'openai:gpt-4o',
    'Input tokens': '1,200',
    'Output tokens': '300',
    'First token after': '0.50 s',
    'Total time': '3.50 s',
    Speed: '100.0 tokens/s',
    Finish: 'Stopped at the length limit',
  })
  const noUsage = Object.fromEntries(answerFacts({ model: 'openai:local', details: { totalMs: 900, finishReason: 'stopped' } }))
  t.equal(noUsage['Output tokens'], 'not reported by the provider')
  t.equal(noUsage['First token after'], 'no text came')
  t.equal(noUsage.Speed, 'not known')
  t.equal(noUsage.Finish, 'Stopped by you')
  const old = Object.fromEntries(answerFacts({ model: 'offline', usage: { inputTokens: 3, outputTokens: 9 } }))
  t.equal(old['Total time'], 'not recorded', 'an answer stored before details were kept')
  t.equal(old.Finish, 'not recorded')
})
