// Running answers: every subscriber gets the same frames; a late one gets the history with the
// deltas merged; the work beside the answer (the title) starts only after the first token.
import t from 'tap'
import type { UIMessageChunk } from 'ai'
import type { Readable } from 'node:stream'
import { createAnswerRuns } from '../../server/services/answers/answer-runs.ts'

async function collect(stream: Readable): Promise<string> {
  let text = ''
  for await (const chunk of stream) text += chunk
  return text
}

const frames = (text: string) => text.split('\n\n').filter(Boolean).map((frame) => frame.slice('data: '.length))

t.test('the sender and a late subscriber see the same answer; the title starts after the first token', async (t) => {
  const runs = createAnswerRuns()
  const order: string[] = []
  let releaseRest!: () => void
  const rest = new Promise<void>((resolve) => (releaseRest = resolve))
  const run = runs.start({
    chatId: 'c1',
    messageId: 'm1',
    async *produce() {
      yield { type: 'start', messageId: 'm1' } as UIMessageChunk
      yield { type: 'text-start', id: 't' } as UIMessageChunk
      order.push('first token')
      yield { type: 'text-delta', id: 't', delta: 'Hel' } as UIMessageChunk
      yield { type: 'text-delta', id: 't', delta: 'lo' } as UIMessageChunk
      await rest
      yield { type: 'text-delta', id: 't', delta: '!' } as UIMessageChunk
      yield { type: 'text-end', id: 't' } as UIMessageChunk
    },
    async alongside(_signal, emit) {
      order.push('title started')
      emit({ type: 'data-chat-title', data: { title: 'Greeting' }, transient: true } as UIMessageChunk)
    },
  })
  const sender = collect(runs.subscribe('c1')!)
  await new Promise((resolve) => setTimeout(resolve, 20))
  const late = collect(runs.subscribe('c1')!)
  releaseRest()
  await run.settled

  t.strictSame(order, ['first token', 'title started'])
  const senderFrames = frames(await sender)
  t.equal(senderFrames.at(-1), '[DONE]')
  t.equal(senderFrames.filter((frame) => frame.includes('"text-delta"')).length, 3, 'the sender got each token as it came')
  t.ok(senderFrames.some((frame) => frame.includes('data-chat-title')))
  const lateFrames = frames(await late)
  t.ok(lateFrames.includes('{"type":"text-delta","id":"t","delta":"Hello"}'), 'the late subscriber got the text so far as one delta')
  t.ok(lateFrames.includes('{"type":"text-delta","id":"t","delta":"!"}'))
  t.equal(lateFrames.at(-1), '[DONE]')
  t.equal(runs.size, 0)
})

t.test('without work beside it, an answer runs and ends the same way', async (t) => {
  const runs = createAnswerRuns()
  const run = runs.start({
    chatId: 'c2',
    messageId: 'm2',
    async *produce() {
      yield { type: 'text-start', id: 't' } as UIMessageChunk
      for (const delta of ['a', 'b', 'c']) yield { type: 'text-delta', id: 't', delta } as UIMessageChunk
      yield { type: 'text-end', id: 't' } as UIMessageChunk
    },
  })
  const text = await collect(runs.subscribe('c2')!)
  await run.settled
  t.equal(frames(text).filter((frame) => frame.includes('"text-delta"')).length, 3)
  t.equal(frames(text).at(-1), '[DONE]')
})
