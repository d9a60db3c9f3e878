// Opening an overlay that is already open (a double click on Settings, a shortcut pressed twice)
// brings that one forward instead of stacking a second copy under which the first goes inert.
import t from 'tap'
import { createOverlayStore, OVERLAY_EXIT_MS } from '../../client/lib/overlay.ts'
import { createFakeTimers } from '../helpers/fake-timers.ts'

function setup() {
  const timers = createFakeTimers()
  const store = createOverlayStore({ setTimeout: timers.setTimeout, activeElement: () => null })
  return { timers, store }
}

const Settings = (_props: { close: (value?: string) => void }) => null
const Confirm = (_props: { title: string; chat?: { id: string }; onDone?: () => void; close: (value?: boolean) => void }) => null

t.test('the same overlay opened twice is one overlay, with one result for both callers', async (t) => {
  const { store } = setup()
  const first = store.open(Settings, {})
  const second = store.open(Settings, {})
  t.equal(store.getEntries().length, 1, 'one overlay, not two')
  t.equal(second.id, first.id)
  second.close('done')
  t.same(await Promise.all([first.result, second.result]), ['done', 'done'])
})

t.test('an open overlay opened again from above another comes forward, and is the one shown on top', (t) => {
  const { store } = setup()
  const settings = store.open(Settings, {})
  const confirm = store.open(Confirm, { title: 'Delete?' })
  t.same(
    store.getEntries().map((entry) => entry.id),
    [settings.id, confirm.id],
  )
  const again = store.open(Settings, {})
  t.equal(again.id, settings.id)
  t.same(
    store.getEntries().map((entry) => entry.id),
    [confirm.id, settings.id],
    'brought forward, the other one kept',
  )
  t.end()
})

t.test('the same component with other data is another overlay: one answer never settles another question', async (t) => {
  const { store } = setup()
  const a = store.open(Confirm, { title: 'Delete chat A?', chat: { id: 'a' } })
  const b = store.open(Confirm, { title: 'Delete chat A?', chat: { id: 'b' } })
  t.not(a.id, b.id)
  t.equal(store.getEntries().length, 2)
  a.close(true)
  t.equal(await a.result, true)
  b.close(false)
  t.equal(await b.result, false)
})

t.test('equal data made afresh by each caller (objects, callbacks) is the same overlay', (t) => {
  const { store } = setup()
  const a = store.open(Confirm, { title: 'Share', chat: { id: 'a' }, onDone: () => undefined })
  const b = store.open(Confirm, { title: 'Share', chat: { id: 'a' }, onDone: () => undefined })
  t.equal(a.id, b.id)
  t.equal(store.getEntries().length, 1)
  t.end()
})

t.test('an overlay that is closing is not reused: opening it again opens a new one', async (t) => {
  const { timers, store } = setup()
  const first = store.open(Settings, {})
  first.close()
  const second = store.open(Settings, {})
  t.not(second.id, first.id)
  t.same(
    store.getEntries().map((entry) => [entry.id, entry.open]),
    [
      [first.id, false],
      [second.id, true],
    ],
  )
  timers.advance(OVERLAY_EXIT_MS)
  t.same(
    store.getEntries().map((entry) => entry.id),
    [second.id],
  )
  t.equal(await first.result, undefined)
})
