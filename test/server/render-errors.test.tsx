// Unhandled errors while rendering (issue: "Streaming must not leave a half page"): before the
// shell → the error page with 500 and a generic message; after it → the stream ends cleanly.
// The cause is only in the log, with the request id.
import '../helpers/production-react.ts'
import t from 'tap'
import { Suspense } from 'react'
import { buildApp, browser, BOT_UA } from '../helpers/build-app.ts'
import { fixtureEntry, Slow, Throw } from '../helpers/fixture-entry.tsx'
import { appState, textOf } from '../helpers/html.ts'
import type { PageState } from '../../shared/page-state.ts'

function errorPage(state: PageState) {
  return state.kind === 'error' ? <main><h1>{state.error.statusCode}</h1><p>{state.error.message}</p></main> : null
}

t.test('an error before the shell is ready renders the 500 error page', async (t) => {
  const entry = fixtureEntry((state) => errorPage(state) ?? <Throw message="database password is hunter2" />)
  const { app, logs } = await buildApp(t, {}, { ssrEntry: entry })
  const res = await app.inject({ url: '/', headers: browser })
  t.equal(res.statusCode, 500)
  t.match(res.headers['content-type'], /^text\/html/)
  t.match(textOf(res.body), /500 Something went wrong on our side/)
  t.notMatch(res.body, /hunter2/, 'the cause never reaches the browser')
  t.match(appState(res.body), { kind: 'error', error: { statusCode: 500, fatal: true } })
  const logged = logs.find((line) => line.msg === 'pages: render failed before the shell was ready')
  t.match(logged, { reqId: res.headers['x-request-id'], err: { message: 'database password is hunter2' } })
})

t.test('an error after the shell is ready ends the stream cleanly', async (t) => {
  const entry = fixtureEntry((state) => (
    errorPage(state) ?? (
      <main>
        <h1>Shell</h1>
        <Slow promise={new Promise((resolve) => setTimeout(resolve, 50))} fallback={<p>Loading…</p>}>
          <Throw message="late failure with secret token abc" />
        </Slow>
      </main>
    )
  ))
  const { app, logs } = await buildApp(t, {}, { ssrEntry: entry })
  const res = await app.inject({ url: '/', headers: browser })
  t.equal(res.statusCode, 200, 'the status was already sent with the shell')
  t.match(res.body, /<h1>Shell<\/h1>/)
  t.match(res.body, /<\/html>\s*$/, 'the document is complete, not cut off')
  t.match(res.body, /id="__APP_STATE__"/, 'the client still gets its state and takes over')
  t.notMatch(res.body, /secret token abc/, 'production React does not send the message')
  const logged = logs.find((line) => line.msg === 'render: error while rendering')
  t.match(logged, { reqId: res.headers['x-request-id'], err: { message: 'late failure with secret token abc' } })
})

t.test('a render that never finishes is aborted after RENDER_TIMEOUT_MS', async (t) => {
  const never = new Promise(() => {})
  const entry = fixtureEntry((state) => (
    errorPage(state) ?? (
      <main>
        <h1>Shell</h1>
        <Suspense fallback={<p>Waiting</p>}>
          <Slow promise={never} fallback={<p>Waiting</p>}>never</Slow>
        </Suspense>
      </main>
    )
  ))
  const { app, logs } = await buildApp(t, { RENDER_TIMEOUT_MS: '200' }, { ssrEntry: entry })
  const started = Date.now()
  const res = await app.inject({ url: '/', headers: browser })
  t.ok(Date.now() - started < 2000, 'the response ended')
  t.equal(res.statusCode, 200)
  t.match(res.body, /<\/html>\s*$/)
  t.ok(logs.some((line) => line.msg === 'render: aborting a render that took too long'))
})

t.test('a bot whose render fails gets a minimal 500', async (t) => {
  const entry = fixtureEntry((state) => errorPage(state) ?? <Throw message="boom" />)
  const { app, logs } = await buildApp(t, {}, { ssrEntry: entry })
  const res = await app.inject({ url: '/', headers: { 'user-agent': BOT_UA } })
  t.equal(res.statusCode, 500)
  t.equal(res.body, '500 Internal Server Error')
  t.ok(logs.some((line) => line.bot === true && line.statusCode === 500))
})

t.test('when even the error page fails, a last-resort page is sent', async (t) => {
  const entry = fixtureEntry(() => <Throw message="everything is broken" />)
  const { app } = await buildApp(t, {}, { ssrEntry: entry })
  const res = await app.inject({ url: '/', headers: browser })
  t.equal(res.statusCode, 500)
  t.match(res.body, /Internal Server Error/)
  t.match(res.body, /<a href="\/">Back to home<\/a>/)
})
