// The update check, against a fake browser with a hand-driven clock (docs/product-contract.md). The build's meta
// is fetched about 1000 ms after idle, then latest.json is polled (interval, focus, visible); a new
// build id reloads the page at a safe moment only (next navigation, hidden tab), never while the
// user types or while something is busy; a failed manifest fetch is only logged.
import t from 'tap'
import { createUpdateCheck, isTypingTarget, type UpdateCheckEnv } from '../../client/lib/update-check-core.ts'
import { MANIFEST_FETCH_DELAY_MS, UPDATE_CHECK_INTERVAL_MS, UPDATE_CHECK_MIN_GAP_MS } from '../../shared/constants.ts'

type Timer = ReturnType<typeof setTimeout>

function fakeBrowser(buildId: string | null = 'build-a') {
  const state = {
    now: 0,
    latest: 'build-a' as string | Error,
    metaFails: false,
    hidden: false,
    typing: false,
    idle: [] as Array<() => void>,
    requests: [] as string[],
    reloads: 0,
    loads: [] as Array<{ url: string; replace: boolean }>,
    warnings: [] as string[],
    announced: [] as string[],
  }
  const timers = new Map<number, { at: number; every?: number; callback: () => void }>()
  const listeners = new Map<string, Set<() => void>>()
  let nextTimer = 1
  const env: UpdateCheckEnv = {
    buildId,
    async fetchJson(url) {
      state.requests.push(url)
      if (url.endsWith('latest.json')) {
        if (state.latest instanceof Error) throw state.latest
        return { id: state.latest, timestamp: 1 }
      }
      if (state.metaFails) throw new Error('HTTP 404')
      return { id: buildId, timestamp: 1, prerendered: [] }
    },
    onIdle: (callback) => void state.idle.push(callback),
    setTimeout: (callback, ms) => (timers.set(nextTimer, { at: state.now + ms, callback }), nextTimer++) as unknown as Timer,
    clearTimeout: (timer) => void timers.delete(timer as unknown as number),
    setInterval: (callback, ms) => (timers.set(nextTimer, { at: state.now + ms, every: ms, callback }), nextTimer++) as unknown as Timer,
    clearInterval: (timer) => void timers.delete(timer as unknown as number),
    now: () => state.now,
    listen(type, listener) {
      const set = listeners.get(type) ?? new Set()
      set.add(listener)
      listeners.set(type, set)
      return () => set.delete(listener)
    },
    isHidden: () => state.hidden,
    isTyping: () => state.typing,
    reload: () => void state.reloads++,
    load: (url, replace) => void state.loads.push({ url, replace }),
    warn: (message) => void state.warnings.push(message),
    onUpdateAvailable: (id) => void state.announced.push(id),
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return {
    env,
    state,
    async goIdle() {
      for (const callback of state.idle.splice(0)) callback()
      await settle()
    },
    /** Moves the clock, firing due timers in order. */
    async advance(ms: number) {
      const end = state.now + ms
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        const [id, timer] = due
        state.now = timer.at
        if (timer.every) timer.at += timer.every
        else timers.delete(id)
        timer.callback()
        await settle()
      }
      state.now = end
      await settle()
    },
    async emit(type: 'focus' | 'popstate' | 'visibilitychange') {
      for (const listener of listeners.get(type) ?? []) listener()
      await settle()
    },
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    timerCount: () => timers.size,
  }
}

/** A started check whose meta has been fetched and whose polling runs. */
async function running(buildId = 'build-a') {
  const browser = fakeBrowser(buildId)
  const check = createUpdateCheck(browser.env)
  check.start()
  await browser.goIdle()
  await browser.advance(MANIFEST_FETCH_DELAY_MS)
  return { browser, check }
}

t.test('the build meta is fetched about 1000 ms after the page goes idle, not before', async (t) => {
  const browser = fakeBrowser()
  const check = createUpdateCheck(browser.env)
  check.start()
  await browser.advance(5000)
  t.same(browser.state.requests, [], 'nothing before idle')
  await browser.goIdle()
  await browser.advance(MANIFEST_FETCH_DELAY_MS - 1)
  t.same(browser.state.requests, [])
  await browser.advance(1)
  t.same(browser.state.requests, ['/_nuxt/builds/meta/build-a.json'])
  t.same(check.meta, { id: 'build-a', timestamp: 1, prerendered: [] })
})

t.test('startNow() skips the idle wait: the meta at once, then polling (the browser loads the check when idle)', async (t) => {
  const browser = fakeBrowser()
  const check = createUpdateCheck(browser.env)
  check.startNow()
  await browser.advance(0)
  t.same(browser.state.requests, ['/_nuxt/builds/meta/build-a.json'])
  check.start()
  await browser.goIdle()
  await browser.advance(MANIFEST_FETCH_DELAY_MS)
  t.equal(browser.state.requests.length, 1, 'start() after startNow() changes nothing')
  await browser.advance(UPDATE_CHECK_INTERVAL_MS)
  t.same(browser.state.requests, ['/_nuxt/builds/meta/build-a.json', '/_nuxt/builds/latest.json'])
})

t.test('latest.json is polled every hour', async (t) => {
  const { browser } = await running()
  browser.state.requests.length = 0
  await browser.advance(UPDATE_CHECK_INTERVAL_MS - 1)
  t.same(browser.state.requests, [])
  await browser.advance(1)
  t.same(browser.state.requests, ['/_nuxt/builds/latest.json'])
  await browser.advance(UPDATE_CHECK_INTERVAL_MS)
  t.equal(browser.state.requests.length, 2)
})

t.test('latest.json is polled when the window gets focus or the tab becomes visible, at most once a minute', async (t) => {
  const { browser } = await running()
  browser.state.requests.length = 0
  await browser.emit('focus')
  t.same(browser.state.requests, [], 'right after the page loaded it is up to date')
  await browser.advance(UPDATE_CHECK_MIN_GAP_MS)
  await browser.emit('focus')
  t.same(browser.state.requests, ['/_nuxt/builds/latest.json'])
  await browser.emit('visibilitychange')
  t.equal(browser.state.requests.length, 1, 'focus and visibility fire together: one request')
  await browser.advance(UPDATE_CHECK_MIN_GAP_MS)
  await browser.emit('visibilitychange')
  t.equal(browser.state.requests.length, 2)
})

t.test('the same build id changes nothing', async (t) => {
  const { browser, check } = await running()
  await check.check()
  t.equal(check.updatePending, false)
  t.same(browser.state.announced, [])
  t.equal(check.loadInsteadOfNavigating('/chat/x'), false)
  browser.state.hidden = true
  await browser.emit('visibilitychange')
  t.equal(browser.state.reloads, 0)
})

t.test('after a new build the next navigation is a full page load of its target', async (t) => {
  const { browser, check } = await running()
  browser.state.latest = 'build-b'
  await check.check()
  t.equal(check.updatePending, true)
  t.equal(check.latestId, 'build-b')
  await check.check()
  t.same(browser.state.announced, ['build-b'], 'announced once')
  t.equal(browser.state.reloads, 0, 'a visible page is not reloaded under the user')
  t.equal(check.loadInsteadOfNavigating('/chat/x'), true)
  t.same(browser.state.loads, [{ url: '/chat/x', replace: false }])
  t.equal(check.loadInsteadOfNavigating('/', true), true)
  t.same(browser.state.loads[1], { url: '/', replace: true }, 'a redirect replaces the history entry')
})

t.test('after a new build, back and forward reload the page', async (t) => {
  const { browser, check } = await running()
  await browser.emit('popstate')
  t.equal(browser.state.reloads, 0)
  browser.state.latest = 'build-b'
  await check.check()
  await browser.emit('popstate')
  t.equal(browser.state.reloads, 1)
})

t.test('after a new build a hidden tab reloads', async (t) => {
  const { browser, check } = await running()
  browser.state.latest = 'build-b'
  await check.check()
  browser.state.hidden = true
  await browser.emit('visibilitychange')
  t.equal(browser.state.reloads, 1)
})

t.test('a new build found while the tab is hidden reloads at once', async (t) => {
  const { browser } = await running()
  browser.state.hidden = true
  browser.state.latest = 'build-b'
  await browser.advance(UPDATE_CHECK_INTERVAL_MS)
  t.equal(browser.state.reloads, 1)
})

t.test('never while the user is typing: no reload when hidden, navigations stay client-side', async (t) => {
  const { browser, check } = await running()
  browser.state.latest = 'build-b'
  await check.check()
  browser.state.typing = true
  browser.state.hidden = true
  await browser.emit('visibilitychange')
  await browser.emit('popstate')
  t.equal(browser.state.reloads, 0)
  t.equal(check.loadInsteadOfNavigating('/chat/x'), false)
  browser.state.typing = false
  await browser.emit('visibilitychange')
  t.equal(browser.state.reloads, 1, 'the next safe moment')
})

t.test('never while something is busy; the reload comes when the last reason clears', async (t) => {
  const { browser, check } = await running()
  browser.state.latest = 'build-b'
  await check.check()
  check.setBusy('chat-stream', true)
  check.setBusy('upload', true)
  browser.state.hidden = true
  await browser.emit('visibilitychange')
  t.equal(check.loadInsteadOfNavigating('/chat/x'), false)
  check.setBusy('chat-stream', false)
  t.equal(browser.state.reloads, 0, 'still uploading')
  check.setBusy('upload', false)
  t.equal(browser.state.reloads, 1)
})

t.test('a failed manifest fetch is logged only; polling still runs', async (t) => {
  const browser = fakeBrowser()
  browser.state.metaFails = true
  browser.state.latest = new Error('HTTP 503')
  const check = createUpdateCheck(browser.env)
  check.start()
  await browser.goIdle()
  await browser.advance(MANIFEST_FETCH_DELAY_MS)
  t.match(browser.state.warnings, [/could not fetch the build meta of build-a/])
  t.equal(check.meta, null)
  await browser.advance(UPDATE_CHECK_INTERVAL_MS)
  t.match(browser.state.warnings[1], /could not fetch latest.json/)
  t.equal(check.updatePending, false)
  browser.state.latest = 'build-b'
  await browser.advance(UPDATE_CHECK_INTERVAL_MS)
  t.equal(check.updatePending, true, 'the next poll still sees the new build')
})

t.test('a page without a build id checks nothing', async (t) => {
  const browser = fakeBrowser(null)
  const check = createUpdateCheck(browser.env)
  check.start()
  await browser.goIdle()
  await browser.advance(UPDATE_CHECK_INTERVAL_MS * 2)
  await check.check()
  t.same(browser.state.requests, [])
})

t.test('stop() removes every timer and listener', async (t) => {
  const { browser, check } = await running()
  t.ok(browser.listenerCount() > 0)
  check.stop()
  t.equal(browser.listenerCount(), 0)
  t.equal(browser.timerCount(), 0)
})

t.test('typing means focus in a text field, a textarea or an editable region', async (t) => {
  t.ok(isTypingTarget({ tagName: 'TEXTAREA', isContentEditable: false }))
  t.ok(isTypingTarget({ tagName: 'INPUT', isContentEditable: false, type: 'text' }))
  t.ok(isTypingTarget({ tagName: 'INPUT', isContentEditable: false, type: 'search' }))
  t.ok(isTypingTarget({ tagName: 'DIV', isContentEditable: true }))
  t.notOk(isTypingTarget({ tagName: 'INPUT', isContentEditable: false, type: 'checkbox' }))
  t.notOk(isTypingTarget({ tagName: 'BUTTON', isContentEditable: false }))
  t.notOk(isTypingTarget({ tagName: 'A', isContentEditable: false }))
  t.notOk(isTypingTarget(null))
})
