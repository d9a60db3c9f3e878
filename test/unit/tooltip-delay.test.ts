// A tooltip opens after 700 ms of hovering (docs/product-contract.md); within 300 ms after another one closed (or
// while one is open) the next opens at once.
import t from 'tap'
import { createTooltipDelayGroup } from '../../client/lib/tooltip-delay.ts'
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../shared/constants.ts'

function setup() {
  const clock = { now: 10_000 }
  return { clock, group: createTooltipDelayGroup({ now: () => clock.now }) }
}

t.test('the first tooltip waits the open delay', async (t) => {
  const { group } = setup()
  t.equal(group.openDelay(), TOOLTIP_OPEN_DELAY_MS)
})

t.test('while one is open, the next opens at once', async (t) => {
  const { group } = setup()
  group.opened()
  t.equal(group.openDelay(), 0)
})

t.test('within the skip delay after closing, at once; after it, the full delay again', async (t) => {
  const { clock, group } = setup()
  group.opened()
  group.closed()
  clock.now += TOOLTIP_SKIP_DELAY_MS - 1
  t.equal(group.openDelay(), 0)
  clock.now += 1
  t.equal(group.openDelay(), TOOLTIP_OPEN_DELAY_MS)
})

t.test('the skip window starts when the last open tooltip closes', async (t) => {
  const { clock, group } = setup()
  group.opened()
  group.opened()
  group.closed()
  clock.now += 1000
  t.equal(group.openDelay(), 0, 'one still open')
  group.closed()
  clock.now += TOOLTIP_SKIP_DELAY_MS
  t.equal(group.openDelay(), TOOLTIP_OPEN_DELAY_MS)
})
