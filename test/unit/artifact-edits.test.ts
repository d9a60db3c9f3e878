// update_artifact's exact find/replace edits: applied in order, each finding its text exactly once;
// one that does not apply refuses the whole update, saying which edit and why.
import t from 'tap'
import { applyEdits } from '../../server/services/artifacts/apply-edits.ts'

const page = '<title>Tea</title>\n<h1>Tea</h1>\n<p>All about tea.</p>\n'

t.test('edits apply in order, each to what the one before left', async (t) => {
  t.same(applyEdits(page, [{ find: '<title>Tea</title>', replace: '<title>Oolong</title>' }, { find: '<h1>Tea</h1>', replace: '<h1>Oolong</h1>' }]), {
    ok: true,
    content: '<title>Oolong</title>\n<h1>Oolong</h1>\n<p>All about tea.</p>\n',
    applied: 2,
  })
  // The second finds what the first wrote.
  t.same(applyEdits('a b', [{ find: 'a', replace: 'x y' }, { find: 'y b', replace: 'z' }]), { ok: true, content: 'x z', applied: 2 })
  t.same(applyEdits('abc', [{ find: 'b', replace: '' }]), { ok: true, content: 'ac', applied: 1 }, 'a replace may be empty')
})

t.test('the new text is taken as written: no $& or $1 patterns', async (t) => {
  t.same(applyEdits('price: 5', [{ find: '5', replace: '$& and $1 and $$' }]), { ok: true, content: 'price: $& and $1 and $$', applied: 1 })
})

t.test('a find text that is not there names the edit, and where it was looked for', async (t) => {
  const missing = applyEdits(page, [{ find: 'Coffee', replace: 'x' }])
  t.same(missing, { ok: false, problem: 'The edit: its find text (“Coffee”) is not in the current content. Copy it exactly from the artifact, or give the whole new content. Nothing was changed.' })
  const later = applyEdits(page, [{ find: '<h1>Tea</h1>', replace: '<h1>Oolong</h1>' }, { find: 'All about', replace: 'Everything about' }, { find: '<h1>Tea</h1>', replace: 'again' }])
  t.match(later, { ok: false, problem: /^Edit 3 of 3: its find text \(“<h1>Tea<\/h1>”\) is not in the content as edits 1–2 left it\./ })
  const second = applyEdits(page, [{ find: '<h1>', replace: '<h2>' }, { find: 'nope', replace: '' }])
  t.match(second, { ok: false, problem: /^Edit 2 of 2: .* is not in the content as edit 1 left it\./ })
})

t.test('a find text there with other spaces or line breaks says so', async (t) => {
  t.match(applyEdits('one  two\nthree', [{ find: 'one two three', replace: '' }]), { ok: false, problem: /it is there with other spaces or line breaks, which must match exactly/ })
  t.notMatch(applyEdits('one two', [{ find: 'four', replace: '' }]), { problem: /other spaces/ })
})

t.test('a find text found more than once is refused with how often', async (t) => {
  t.same(applyEdits(page, [{ find: 'Tea', replace: 'Oolong' }]), {
    ok: false,
    problem: 'The edit: its find text (“Tea”) occurs 2 times in the current content. Make it longer (add the lines around it) so that it matches one place only. Nothing was changed.',
  })
  t.match(applyEdits('aaa', [{ find: 'aa', replace: 'b' }]), { ok: false, problem: /occurs 2 times/ }, 'overlapping places count')
})

t.test('no edits, or an empty find text, is refused', async (t) => {
  t.match(applyEdits(page, []), { ok: false, problem: /No edits were given/ })
  t.match(applyEdits(page, [{ find: '', replace: 'x' }]), { ok: false, problem: /^The edit has an empty find text/ })
})

t.test('a long find text is quoted short, on one line', async (t) => {
  const long = `${'x'.repeat(100)}\ny`
  const result = applyEdits('abc', [{ find: long, replace: '' }])
  t.match(result, { ok: false, problem: /^The edit: its find text \(“x{79}…”\) is not in/ })
})
