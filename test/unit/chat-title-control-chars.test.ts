// Titles never carry control characters: the sidebar shows one line, and PostgreSQL text cannot
// hold NUL (a title with one would fail the answer's title update there).
import t from 'tap'
import { titleFrom } from '../../server/services/chats/chat-title.ts'

t.test('control characters in a model title or a question become spaces', async (t) => {
  t.equal(titleFrom('Rust\u0000 lifetimes\n\texplained', 'q'), 'Rust lifetimes explained')
  t.equal(titleFrom('', 'why\u0000is\u0007the sky blue'), 'Why is the sky blue')
  t.equal(titleFrom('\u0000\u0001', '\u0000'), 'New chat')
})
