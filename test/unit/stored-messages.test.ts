// What the chat screen shows after reading the chat back from the server (a reload after a dropped
// connection, another version shown): the stored branch, except that an answer cut by a crash keeps
// the longer text the screen already showed of it.
import t from 'tap'
import type { UIMessage } from 'ai'
import type { StoredChatMessage } from '../../shared/page-data.ts'
import { byId, storedOverShown } from '../../client/components/chat/stored-messages.ts'

const stored = (id: string, role: StoredChatMessage['role'], text: string, status: StoredChatMessage['status'] = 'complete'): StoredChatMessage => ({
  id,
  role,
  parts: [{ type: 'text', text }],
  status,
  createdAt: 1,
})
const onScreen = (id: string, text: string): UIMessage => ({ id, role: 'assistant', parts: [{ type: 'text', text }] })
const textOf = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')

t.test('an interrupted answer keeps the longer text already on screen', async (t) => {
  const shown = storedOverShown([stored('q', 'user', 'Hi'), stored('a', 'assistant', 'Hello th', 'interrupted')], [onScreen('a', 'Hello there, friend')])
  t.same(shown.map(textOf), ['Hi', 'Hello there, friend'])
})

t.test('otherwise the stored text wins', async (t) => {
  t.equal(textOf(storedOverShown([stored('a', 'assistant', 'Stopped here', 'partial')], [onScreen('a', 'Stopped here and more')])[0]!), 'Stopped here', 'a stopped answer is what the server kept')
  t.equal(textOf(storedOverShown([stored('a', 'assistant', 'Saved text', 'interrupted')], [onScreen('a', 'Other words entirely')])[0]!), 'Saved text', 'a screen text that does not continue the stored one')
  t.equal(textOf(storedOverShown([stored('a', 'assistant', 'Saved text, longer', 'interrupted')], [onScreen('a', 'Saved')])[0]!), 'Saved text, longer')
})

t.test('system messages are not shown; statuses and versions are keyed by message', async (t) => {
  const messages = [stored('s', 'system', 'Be brief'), { ...stored('a', 'assistant', 'One'), versions: ['a', 'b'] }, stored('b', 'assistant', 'Two', 'error')]
  t.same(storedOverShown(messages, []).map((m) => m.id), ['a', 'b'])
  t.same(byId(messages, 'status'), { s: 'complete', a: 'complete', b: 'error' })
  t.same(byId(messages, 'versions'), { a: ['a', 'b'] })
})
