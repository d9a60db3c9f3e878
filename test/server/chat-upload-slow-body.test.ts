// A request body that arrives too slowly, or not all within its time, ends the request with 408 and
// leaves nothing behind: no partial file in storage, no row. Over a real socket (the body is what is
// slow), with short limits so that it takes about a second. Runs on SQLite and on PostgreSQL.
import t from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { buildApp, BROWSER_UA } from '../helpers/build-app.ts'
import { listenForFetch, uploader } from '../helpers/uploads.ts'
import { visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'

const { app, config, logs } = await buildApp(t, { BODY_RATE_WINDOW_MS: '200', BODY_MIN_BYTES_PER_S: '1000', BODY_TIMEOUT_MS: '1500' })
const base = await listenForFetch(t, app)
const port = Number(new URL(base).port)
const stored = () => (existsSync(config.uploads.dir) ? readdirSync(config.uploads.dir) : [])

// Every write to storage, so that a test can wait for the one a request started to be over.
const writes: Array<Promise<unknown>> = []
const write = app.files.storage.write.bind(app.files.storage)
app.files.storage.write = (key, source) => {
  const done = write(key, source)
  writes.push(done.catch(() => undefined))
  return done
}

const BOUNDARY = 'slowbodyboundary'
const PREAMBLE = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`

/**
 * Sends the head of a request at once, then `chunk` every `everyMs` ms, never the whole body
 * (`length` is what the head declares); resolves with the answer's status and body once it comes.
 */
function trickle(path: string, contentType: string, length: number, start: string, chunk: string, everyMs: number, cookie = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let timer: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${BROWSER_UA}\r\nSec-Fetch-Site: same-origin\r\n` +
          `${cookie && `Cookie: ${SESSION_COOKIE}=${cookie}\r\n`}Content-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n${start}`,
      )
      timer = setInterval(() => socket.writable && socket.write(chunk), everyMs)
    })
    socket.on('data', (data) => (received += data.toString('latin1')))
    const settle = () => {
      clearInterval(timer)
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received)
      if (!match) return reject(new Error(`no answer (got ${JSON.stringify(received.slice(0, 200))})`))
      resolve({ status: Number(match[1]), body: received.slice(received.indexOf('\r\n\r\n') + 4) })
    }
    socket.on('close', settle)
    // A reset after the answer arrived still leaves the answer read.
    socket.on('error', () => undefined)
  })
}

const rows = async () => (await app.db.selectFrom('files').select('id').execute()).length

t.test('an upload sending a byte at a time ends with 408 and stores nothing', async (t) => {
  // A first 40 KB at once: while the route has not started reading, the body waits in its buffer
  // (which never counts against the client); then the trickle, into a file being written.
  const answer = await trickle('/api/files', `multipart/form-data; boundary=${BOUNDARY}`, 100_000, PREAMBLE + 'a'.repeat(40_000), 'a', 100)
  t.equal(answer.status, 408)
  t.match(answer.body, /"code":"BODY_TOO_SLOW"/)
  t.match(answer.body, /slower than 1000 bytes a second/)
  await Promise.all(writes)
  t.ok(writes.length >= 1, 'the upload had started writing')
  t.same(stored(), [], 'no partial file in storage')
  t.equal(await rows(), 0, 'no row')
})

t.test('a body that keeps coming but never ends is cut at BODY_TIMEOUT_MS, leaving nothing', async (t) => {
  writes.length = 0
  const answer = await trickle('/api/files', `multipart/form-data; boundary=${BOUNDARY}`, 5_000_000, PREAMBLE, 'b'.repeat(400), 50)
  t.equal(answer.status, 408)
  t.match(answer.body, /"code":"BODY_TIMEOUT"/)
  t.match(answer.body, /did not arrive within 2 seconds/)
  await Promise.all(writes)
  t.same(stored(), [], 'no partial file in storage')
  t.equal(await rows(), 0, 'no row')
})

t.test('imports and JSON bodies too; a refusal sent before the body does not leave the socket to the trickle', async (t) => {
  const { cookie } = await signUp(app)
  const imported = await trickle('/api/import', `multipart/form-data; boundary=${BOUNDARY}`, 100_000, PREAMBLE.replace('slow.txt', 'conversations.json'), '[', 100, cookie)
  t.equal(imported.status, 408, 'an import')
  t.match(imported.body, /"code":"BODY_TOO_SLOW"/)
  // The import's own clean-up runs once its read of the body has failed (after the answer).
  const importRows = async () => (await app.db.selectFrom('imports').select('id').execute()).length
  for (let turn = 0; turn < 10_000 && (await importRows()) > 0; turn++) await new Promise(setImmediate)
  t.equal(await importRows(), 0, 'the import is not left behind, nor its claim')
  const refusedFirst = await trickle('/api/import', `multipart/form-data; boundary=${BOUNDARY}`, 100_000, PREAMBLE, '[', 100)
  t.equal(refusedFirst.status, 403, 'refused before its body was read (no account), and the socket closed all the same')
  const json = await trickle('/api/chats', 'application/json', 10_000, '{"message":', ' ', 100)
  t.equal(json.status, 408, 'a JSON body')
})

t.test('a body at a normal pace is not affected', async (t) => {
  const { upload } = uploader(base)
  const res = await upload(visitor(), 'quick.txt', 'q'.repeat(50_000))
  t.equal(res.status, 201)
  t.equal(await rows(), 1)
})

t.test('a cut body is logged once, as the client’s doing, never as an error of ours', async (t) => {
  t.ok(logs.some((line) => line.msg === 'body-timeout: BODY_TOO_SLOW'), 'logged by the body timeout')
  t.same(logs.filter((line) => Number(line.level) >= 40).map((line) => line.msg), [], 'no warning or error')
})
