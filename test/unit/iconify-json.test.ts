// shared/icons.ts: resolving Iconify aliases (chains inherit the parent's size, rotations add up,
// flips cancel) and drawing the result as SVG the way Iconify does.
import t from 'tap'
import { createIconRecorder, iconToSvg, parseIconName, type IconData, type IconifyJSON } from '../../shared/icons.ts'
import { resolveIcon } from '../../shared/icon-sets.ts'

const SET: IconifyJSON = {
  prefix: 'test',
  height: 24,
  icons: {
    arrow: { body: '<path d="arrow"/>', width: 32, rotate: 1 },
  },
  aliases: {
    right: { parent: 'arrow' },
    down: { parent: 'right', rotate: 1, hFlip: true },
    up: { parent: 'down', rotate: 2, hFlip: true, width: 20 },
    a: { parent: 'b' },
    b: { parent: 'a' },
  },
}

const base: Omit<IconData, 'body'> = { left: 0, top: 0, width: 32, height: 24, rotate: 1, hFlip: false, vFlip: false }

t.test('alias chains inherit the icon and merge transformations', async (t) => {
  t.same(resolveIcon(SET, 'arrow'), { body: '<path d="arrow"/>', ...base })
  t.same(resolveIcon(SET, 'right'), { body: '<path d="arrow"/>', ...base })
  t.same(resolveIcon(SET, 'down'), { body: '<path d="arrow"/>', ...base, rotate: 2, hFlip: true })
  t.same(resolveIcon(SET, 'up'), { body: '<path d="arrow"/>', ...base, width: 20, rotate: 0, hFlip: false })
})

t.test('unknown names, loops and prototype keys resolve to nothing', async (t) => {
  t.equal(resolveIcon(SET, 'nope'), null)
  t.equal(resolveIcon(SET, 'a'), null)
  t.equal(resolveIcon(SET, 'constructor'), null)
  t.equal(resolveIcon(SET, 'hasOwnProperty'), null)
})

t.test('icon names are collection:name in lowercase words', async (t) => {
  t.same(parseIconName('simple-icons:github'), { collection: 'simple-icons', name: 'github' })
  for (const bad of ['house', 'lucide:', ':house', 'Lucide:house', 'lucide:house--x', 'lucide:a:b', 'a/b:c']) {
    t.equal(parseIconName(bad), null, bad)
  }
})

t.test('SVG output: viewBox from the dimensions, transformations as a wrapping group', async (t) => {
  const plain: IconData = { body: '<path/>', left: 0, top: 0, width: 24, height: 24, rotate: 0, hFlip: false, vFlip: false }
  t.same(iconToSvg(plain), { viewBox: '0 0 24 24', body: '<path/>' })
  t.same(iconToSvg({ ...plain, hFlip: true }), { viewBox: '0 0 24 24', body: '<g transform="translate(24 0) scale(-1 1)"><path/></g>' })
  t.same(iconToSvg({ ...plain, vFlip: true }), { viewBox: '0 0 24 24', body: '<g transform="translate(0 24) scale(1 -1)"><path/></g>' })
  t.same(iconToSvg({ ...plain, width: 32, rotate: 1 }), { viewBox: '0 0 24 32', body: '<g transform="rotate(90 12 12)"><path/></g>' })
  t.same(iconToSvg({ ...plain, hFlip: true, vFlip: true }), { viewBox: '0 0 24 24', body: '<g transform="rotate(180 12 12)"><path/></g>' })
})

t.test('a render recorder remembers what it answered, missing icons included', async (t) => {
  const data: IconData = { body: '<path/>', left: 0, top: 0, width: 24, height: 24, rotate: 0, hFlip: false, vFlip: false }
  const asked: string[] = []
  const recorder = createIconRecorder((name) => {
    asked.push(name)
    return name === 'x:known' ? data : name === 'x:missing' ? null : undefined
  })
  t.equal(recorder.get('x:known'), data)
  t.equal(recorder.get('x:known'), data)
  t.equal(recorder.get('x:missing'), null)
  t.equal(recorder.get('x:later'), undefined)
  t.same(recorder.used(), { 'x:known': data, 'x:missing': null }, 'unknown icons are left to the browser')
  t.same(asked, ['x:known', 'x:missing', 'x:later'])
})
