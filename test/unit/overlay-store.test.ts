// Overlays are opened, closed and unmounted; closing resolves the result.
import t from 'tap'
import { createOverlayStore, OVERLAY_EXIT_MS } from '../../client/lib/overlay.ts'
import { createFakeTimers } from '../helpers/fake-timers.ts'

function setup() {
  const timers = createFakeTimers()
  const focused = { element: null as Element | null }
  const store = createOverlayStore({ setTimeout: timers.setTimeout, activeElement: () => focused.element })
  return { timers, focused, store }
}

const Dialog = (_props: { title: string; close: (value?: number) => void }) => null

t.test('close(value) resolves the result, then removes the overlay after its exit animation', async (t) => {
  const { timers, store } = setup()
  const handle = store.open(Dialog, { title: 'Pick' })
  t.match(handle.id, /^overlay-\d+$/)
  t.equal(store.getEntries().length, 1)
  t.same(store.getEntries()[0]!.props, { title: 'Pick' })
  t.equal(store.getEntries()[0]!.open, true)
  handle.close(42)
  t.equal(await handle.result, 42)
  t.equal(store.getEntries()[0]!.open, false, 'still rendered, closing')
  timers.advance(OVERLAY_EXIT_MS)
  t.same(store.getEntries(), [])
})

t.test('the component receives close; a second close is ignored', async (t) => {
  const { store } = setup()
  const handle = store.open(Dialog, { title: 'x' })
  store.getEntries()[0]!.close(7)
  handle.close(8)
  t.equal(await handle.result, 7)
})

t.test('unmount removes at once and resolves undefined', async (t) => {
  const { store } = setup()
  const handle = store.open(Dialog, { title: 'x' })
  handle.unmount()
  t.same(store.getEntries(), [])
  t.equal(await handle.result, undefined)
})

t.test('closeAll dismisses every overlay with undefined; subscribers hear every change', async (t) => {
  const { store } = setup()
  let changes = 0
  const unsubscribe = store.subscribe(() => changes++)
  const first = store.open(Dialog, { title: 'a' })
  const second = store.open(Dialog, { title: 'b' })
  t.same(
    store.getEntries().map((entry) => entry.props.title),
    ['a', 'b'],
    'stacked in opening order',
  )
  store.closeAll()
  t.same(await Promise.all([first.result, second.result]), [undefined, undefined])
  t.equal(changes, 4)
  unsubscribe()
})

t.test('remembers the element focused when it opened', async (t) => {
  const { focused, store } = setup()
  const button = { tagName: 'BUTTON' } as unknown as Element
  focused.element = button
  store.open(Dialog, { title: 'x' })
  t.equal(store.getEntries()[0]!.returnFocus, button)
})
