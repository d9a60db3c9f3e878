// Asked for code in a language, the offline model's example is in that language (TypeScript when the
// question names none), as a fenced block the code highlighter recognises.
import t from 'tap'
import { offlineAnswer } from '../../server/services/llm/offline-model.ts'

const answer = (question: string) => offlineAnswer([{ role: 'user', content: [{ type: 'text', text: question }] }])

t.test('the code sample follows the language asked for', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['Write a Python function to reverse a string', 'python', /^def reply\(message: str\) -> str:$/m],
    ['Show me a JavaScript example', 'js', /^export function reply\(message\) \{$/m],
    ['A Rust example, please', 'rust', /^fn reply\(message: &str\) -> String \{$/m],
    ['Write a small program in Go', 'go', /^func reply\(message string\) string \{$/m],
    ['Some Java code', 'java', /^public class Reply \{$/m],
    ['A Ruby snippet', 'ruby', /^def reply\(message\)$/m],
    ['A bash script example', 'bash', /^reply\(\) \{$/m],
    ['An SQL example', 'sql', /^SELECT /m],
    ['Show me some code', 'ts', /^export function reply\(message: string\): string \{$/m],
  ]
  for (const [question, fence, line] of cases) {
    const text = answer(question)
    t.match(text, new RegExp('```' + fence + '\\n'), `${question}: a ${fence} block`)
    t.match(text, line, `${question}: written in it`)
    t.equal(text.match(/```/g)?.length, 2, 'one code block')
  }
})

t.test('no code when none is asked for', async (t) => {
  t.notMatch(answer('What is the capital of France?'), /```/)
})
