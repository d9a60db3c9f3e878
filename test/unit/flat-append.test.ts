import t from 'tap'
import { appendFlat } from '../../server/services/answers/flat-append.ts'

t.test('appending tokens one by one gives the whole text, for each holder on its own', async (t) => {
  const first = { text: '' }
  const second = { delta: 'start:' }
  const expectedFirst: string[] = []
  const expectedSecond: string[] = ['start:']
  // Interleaved like two answers streaming at once, past several flattening points.
  for (let token = 0; token < 100; token++) {
    appendFlat(first, 'text', ` tok${token}`)
    expectedFirst.push(` tok${token}`)
    if (token % 3 === 0) {
      appendFlat(second, 'delta', `[${token}]`)
      expectedSecond.push(`[${token}]`)
    }
  }
  t.equal(first.text, expectedFirst.join(''))
  t.equal(second.delta, expectedSecond.join(''))
  // Unicode survives flattening (a surrogate pair split across two tokens is joined back).
  const emoji = { text: '' }
  for (let index = 0; index < 40; index++) appendFlat(emoji, 'text', index % 2 ? '\uDE00' : '\uD83D')
  t.equal(emoji.text, '😀'.repeat(20))
})
