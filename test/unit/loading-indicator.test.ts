// The navigation bar appears only after the 200 ms throttle, advances over the
// estimated 2000 ms, completes, hides 500 ms after finishing and resets 400 ms after that (docs/product-contract.md).
import t from 'tap'
import { createLoadingIndicator, estimatedProgress, isBarShown, type LoadingPhase } from '../../client/lib/loading-indicator.ts'
import {
  LOADING_INDICATOR_DURATION_MS,
  LOADING_INDICATOR_HIDE_DELAY_MS,
  LOADING_INDICATOR_RESET_DELAY_MS,
  LOADING_INDICATOR_THROTTLE_MS,
} from '../../shared/constants.ts'
import { createFakeTimers } from '../helpers/fake-timers.ts'

function setup() {
  const timers = createFakeTimers()
  const indicator = createLoadingIndicator({ timers })
  const phases: LoadingPhase[] = []
  indicator.subscribe((state) => {
    if (phases.at(-1) !== state.phase) phases.push(state.phase)
  })
  return { timers, indicator, phases }
}

t.test('a navigation that ends within the throttle never shows the bar', async (t) => {
  const { timers, indicator, phases } = setup()
  indicator.start()
  timers.advance(LOADING_INDICATOR_THROTTLE_MS - 1)
  t.equal(indicator.getState().phase, 'pending')
  t.notOk(isBarShown(indicator.getState().phase))
  indicator.finish()
  timers.advance(10_000)
  t.same(phases, ['pending', 'idle'])
  t.equal(timers.pending(), 0, 'no timer left behind')
})

t.test('a slow navigation shows the bar at 200 ms, then completes, hides after 500 ms and resets 400 ms later', async (t) => {
  const { timers, indicator } = setup()
  indicator.start()
  timers.advance(LOADING_INDICATOR_THROTTLE_MS)
  t.equal(indicator.getState().phase, 'loading')
  t.ok(isBarShown('loading'))
  t.equal(indicator.getState().progress, 0)

  timers.advance(1000)
  const midway = indicator.getState().progress
  t.ok(midway > 0 && midway < 100, `advancing (${midway.toFixed(1)} %)`)
  timers.advance(1000)
  t.ok(indicator.getState().progress > midway, 'still advancing')

  indicator.finish()
  t.same(indicator.getState(), { phase: 'complete', progress: 100 })
  timers.advance(LOADING_INDICATOR_HIDE_DELAY_MS - 1)
  t.equal(indicator.getState().phase, 'complete')
  timers.advance(1)
  t.equal(indicator.getState().phase, 'hiding')
  timers.advance(LOADING_INDICATOR_RESET_DELAY_MS - 1)
  t.same(indicator.getState(), { phase: 'hiding', progress: 100 })
  timers.advance(1)
  t.same(indicator.getState(), { phase: 'idle', progress: 0 })
  t.equal(timers.pending(), 0)
})

t.test('progress approaches but never reaches 100 while loading', async (t) => {
  const { timers, indicator } = setup()
  indicator.start()
  timers.advance(LOADING_INDICATOR_THROTTLE_MS + LOADING_INDICATOR_DURATION_MS)
  const atDuration = indicator.getState().progress
  t.ok(atDuration > 60 && atDuration < 80, `about 70 % after the estimated duration (${atDuration.toFixed(1)} %)`)
  timers.advance(60_000)
  t.ok(indicator.getState().progress < 100)
  t.equal(indicator.getState().phase, 'loading')
})

t.test('estimatedProgress is monotonic, 0 at the start', async (t) => {
  t.equal(estimatedProgress(2000, 0), 0)
  let previous = 0
  for (let elapsed = 100; elapsed <= 10_000; elapsed += 100) {
    const value = estimatedProgress(2000, elapsed)
    t.ok(value > previous && value < 100)
    previous = value
  }
})

t.test('start while already pending or loading does not restart the throttle', async (t) => {
  const { timers, indicator } = setup()
  indicator.start()
  timers.advance(150)
  indicator.start()
  timers.advance(50)
  t.equal(indicator.getState().phase, 'loading', 'shown 200 ms after the first start')
  timers.advance(500)
  const progress = indicator.getState().progress
  indicator.start()
  t.equal(indicator.getState().progress, progress, 'progress kept')
})

t.test('a navigation starting while the completed bar is still shown continues without a throttle', async (t) => {
  const { timers, indicator } = setup()
  indicator.start()
  timers.advance(300)
  indicator.finish()
  timers.advance(100)
  indicator.start()
  t.same(indicator.getState(), { phase: 'loading', progress: 0 })
  timers.advance(LOADING_INDICATOR_HIDE_DELAY_MS + LOADING_INDICATOR_RESET_DELAY_MS)
  t.equal(indicator.getState().phase, 'loading', 'the old hide timer was cancelled')
})

t.test('finish when idle does nothing; clear stops everything', async (t) => {
  const { timers, indicator, phases } = setup()
  indicator.finish()
  t.same(phases, [])
  indicator.start()
  timers.advance(300)
  indicator.clear()
  t.equal(indicator.getState().phase, 'idle')
  t.equal(timers.pending(), 0)
})
