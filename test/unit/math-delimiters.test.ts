// Math delimiters models use, brought to `$$…$$` (inline) and `$$` fences (display); prices and
// code are left alone.
import t from 'tap'
import { normalizeMath } from '../../client/components/chat/math-delimiters.ts'

t.test('inline and display math in every common notation', async (t) => {
  t.equal(normalizeMath('Euler: $e^{i\\pi} + 1 = 0$.'), 'Euler: $$e^{i\\pi} + 1 = 0$$.')
  t.equal(normalizeMath('Area \\(\\pi r^2\\) here'), 'Area $$\\pi r^2$$ here')
  t.equal(normalizeMath('Sum:\n\\[\n\\sum_{i=1}^n i\n\\]\ndone'), 'Sum:\n\n$$\n\\sum_{i=1}^n i\n$$\n\ndone')
  t.equal(normalizeMath('$$a^2 + b^2 = c^2$$'), '$$\na^2 + b^2 = c^2\n$$')
  t.equal(normalizeMath('$$\nx = 1\n$$'), '$$\nx = 1\n$$', 'a display fence stays')
})

t.test('dollars that are money, and code, stay as they are', async (t) => {
  t.equal(normalizeMath('It costs $5 and $10.'), 'It costs $5 and $10.')
  t.equal(normalizeMath('Between $ 5 and 6 $ here'), 'Between $ 5 and 6 $ here')
  t.equal(normalizeMath('Escaped \\$x$ stays'), 'Escaped \\$x$ stays')
  t.equal(normalizeMath('In code `$x$` and\n```sh\necho "$HOME $x$"\n```\nthen $y$'), 'In code `$x$` and\n```sh\necho "$HOME $x$"\n```\nthen $$y$$')
})
