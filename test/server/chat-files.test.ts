// Uploads over real sockets (multipart/form-data as browsers send it): the type comes from the
// bytes, limits and quotas refuse with a clear status and leave nothing behind, a file is served
// only to its owner and in a way that can never run as one of our pages. Runs on SQLite and on
// PostgreSQL (the chat- prefix puts it in npm test's PostgreSQL leg).
import t from 'tap'
import type { Test } from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { buildApp } from '../helpers/build-app.ts'
import { listenForFetch, uploader } from '../helpers/uploads.ts'
import { makePdf } from '../helpers/make-pdf.ts'
import { parseUiStream, remember, streamedText, visitor, type Visitor } from '../helpers/chat.ts'

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00', 'latin1'), Buffer.alloc(40, 7)])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function start(t: Test, env: Record<string, string> = {}) {
  const built = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', ...env })
  const base = await listenForFetch(t, built.app)
  const stored = () => (existsSync(built.config.uploads.dir) ? readdirSync(built.config.uploads.dir) : [])
  const { upload, download } = uploader(base)
  return { ...built, base, upload, download, stored }
}

t.test('an image, a PDF and a CSV are stored by what their bytes are, and served back to their owner only', async (t) => {
  const { upload, download, stored } = await start(t)
  const owner = visitor()
  const image = await upload(owner, 'screen shot.png', PNG, 'image/png')
  t.equal(image.status, 201)
  t.match(image.body, { url: `/api/files/${image.body.id}`, filename: 'screen shot.png', mediaType: 'image/png', size: PNG.length })
  t.same(stored(), [image.body.id], 'kept under its id, never under its name')

  const res = await download(owner, image.body.url)
  t.equal(res.status, 200)
  t.same(res.bytes, PNG, 'the same bytes come back')
  t.equal(res.headers.get('content-type'), 'image/png')
  t.equal(res.headers.get('x-content-type-options'), 'nosniff')
  t.match(res.headers.get('content-disposition'), /^inline; filename="screen shot.png"/)
  t.match(res.headers.get('content-security-policy'), /^sandbox; default-src 'none'/)
  t.match(res.headers.get('cache-control'), /^private/)
  t.equal((await download(owner, image.body.url, { 'if-none-match': res.headers.get('etag')! })).status, 304, 'revalidated with its ETag')

  const part = await download(owner, image.body.url, { range: 'bytes=0-7' })
  t.equal(part.status, 206, 'a range')
  t.equal(part.headers.get('content-range'), `bytes 0-7/${PNG.length}`)
  t.same(part.bytes, PNG.subarray(0, 8))
  t.equal((await download(owner, image.body.url, { range: `bytes=${PNG.length}-` })).status, 416, 'a range past the end')

  const pdf = await upload(owner, 'paper.pdf', PDF, 'application/pdf')
  t.match(pdf.body, { mediaType: 'application/pdf' })
  const csv = await upload(owner, 'sales.csv', 'month,total\nJan,12\nFeb,19\n', 'text/csv')
  t.match(csv.body, { mediaType: 'text/csv', size: 26 })
  const csvRes = await download(owner, csv.body.url)
  t.equal(csvRes.headers.get('content-type'), 'text/csv; charset=utf-8')
  t.match(csvRes.headers.get('content-disposition'), /^attachment; filename="sales.csv"/, 'text is a download, never a page')

  const stranger = visitor()
  t.equal((await download(stranger, image.body.url)).status, 404, 'another visitor gets 404')
  t.equal((await download(owner, '/api/files/00000000-0000-4000-8000-000000000000')).status, 404)
  t.equal((await download(owner, '/api/files/..%2F..%2Fetc%2Fpasswd')).status, 400, 'an id that is not a file id')
})

t.test('disguised and unsupported files are refused by what their bytes are; HTML is only ever text', async (t) => {
  const { upload, download, stored } = await start(t)
  const v = visitor()
  const garbage = await upload(v, 'photo.png', Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0xff, 0xfe]), 'image/png')
  t.equal(garbage.status, 415, 'a name and a claimed type do not make an image')
  t.match(garbage.body.message, /“photo.png” is not a type of file we accept\. Accepted: PNG, JPEG, WebP and GIF images, PDF, and text files/)
  const zip = await upload(v, 'archive.zip', Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00\xff\xfe', 'latin1'))
  t.equal(zip.status, 415)
  t.equal((await upload(v, 'empty.txt', '')).status, 415, 'an empty file')

  const page = await upload(v, 'evil.png', '<html><script>alert(document.cookie)</script></html>', 'image/png')
  t.equal(page.status, 201)
  t.equal(page.body.mediaType, 'text/plain', 'HTML named .png is text, not an image and not a page')
  const svg = await upload(v, 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml')
  t.equal(svg.body.mediaType, 'text/plain', 'SVG is text too')
  const res = await download(v, svg.body.url)
  t.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8')
  t.match(res.headers.get('content-disposition'), /^attachment/)

  const tricky = await upload(v, '../../etc/passwd\u0007.txt', 'root:x:0:0\n', 'text/plain')
  t.equal(tricky.body.filename, 'passwd.txt', 'only the last segment of a name, without control characters')
  t.same(stored().sort(), [page.body.id, svg.body.id, tricky.body.id].sort(), 'refused files left nothing behind')
})

t.test('limits: size per file, quotas, anonymous uploads off, bad requests', async (t) => {
  const { upload, stored, base } = await start(t, { UPLOAD_MAX_BYTES: '1000', UPLOAD_QUOTA_ANONYMOUS_BYTES: '1500' })
  const v = visitor()
  const big = await upload(v, 'big.txt', 'x'.repeat(5000))
  t.equal(big.status, 413)
  t.match(big.body.message, /“big.txt” is larger than the limit of 1000 bytes per file/)
  t.same(stored(), [], 'nothing kept of it')

  t.equal((await upload(v, 'a.txt', 'a'.repeat(900))).status, 201)
  const over = await upload(v, 'b.txt', 'b'.repeat(900))
  t.equal(over.status, 413)
  t.match(over.body.message, /does not fit in your storage quota of 1\.5 KB \(900 bytes used\)/)
  t.equal(stored().length, 1)

  const wrongField = await upload(visitor(), 'a.txt', 'hello', 'text/plain', 'attachment')
  t.equal(wrongField.status, 400)
  t.match(wrongField.body.message, /must be in a field called "file"/)
  const json = await fetch(`${base}/api/files`, { method: 'POST', headers: { ...visitor().headers(true) }, body: JSON.stringify({ file: 'hello' }) })
  t.equal(json.status, 415)
  t.match(((await json.json()) as { message: string }).message, /multipart\/form-data/)
  const crossSite = await fetch(`${base}/api/files`, { method: 'POST', headers: { ...visitor().headers(), 'sec-fetch-site': 'cross-site' }, body: new FormData() })
  t.equal(crossSite.status, 403, 'another site cannot upload in a visitor’s name')
  await crossSite.text()

  const off = await start(t, { UPLOAD_QUOTA_ANONYMOUS_BYTES: '0' })
  const refused = await off.upload(visitor(), 'a.txt', 'hello')
  t.equal(refused.status, 403)
  t.match(refused.body.message, /Sign in to attach files/)
})

t.test('an upload cut off half-way stores nothing', async (t) => {
  const { base, stored, app } = await start(t)
  const boundary = '----cutoff'
  let sawPartial = false
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="half.txt"\r\ncontent-type: text/plain\r\n\r\n`
  await new Promise<void>((resolve) => {
    const url = new URL(`${base}/api/files`)
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...visitor().headers(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '100000' } })
    req.on('error', () => resolve())
    req.on('response', (res) => {
      res.resume()
      resolve()
    })
    req.write(head + 'y'.repeat(70_000))
    // Cut once the server has started writing it.
    const cut = setInterval(() => {
      if (!stored().some((name) => name.endsWith('.part'))) return
      clearInterval(cut)
      sawPartial = true
      req.destroy()
    }, 5)
    setTimeout(() => {
      clearInterval(cut)
      req.destroy()
    }, 3000)
  })
  t.ok(sawPartial, 'the server had started storing it')
  // The server notices the closed connection and cleans up.
  for (let tries = 0; tries < 50 && stored().length > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  t.same(stored(), [], 'no file, not even a partial one')
  const rows = await app.db.selectFrom('files').selectAll().execute()
  t.same(rows, [], 'no row')
})

t.test('a message carries its files: checked against the uploads, acknowledged by the offline model, served to readers of a public chat, deleted with the chat', async (t) => {
  const { app, upload, download, stored } = await start(t)
  const owner = visitor()
  const image = (await upload(owner, 'pixel.png', PNG, 'image/png')).body
  const csv = (await upload(owner, 'sales.csv', 'month,total\nJan,12\nFeb,19\n', 'text/csv')).body
  const report = makePdf([['Quarterly report', 'Sales rose'], ['Page two']])
  const pdf = (await upload(owner, 'report.pdf', report, 'application/pdf')).body
  const broken = (await upload(owner, 'broken.pdf', PDF, 'application/pdf')).body
  const filePart = (file: Record<string, any>) => ({ type: 'file', url: file.url, mediaType: 'text/html', filename: 'lies.html' })
  const post = (v: Visitor, url: string, payload: object) => app.inject({ method: 'POST', url, headers: v.headers(true), payload })

  const created = await post(owner, '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text: 'What are these?' }, filePart(image), filePart(csv), filePart(pdf), filePart(broken)] } })
  t.equal(created.statusCode, 201)
  const chatId = created.json().id as string
  const chat = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json()
  const question = chat.messages[0]
  t.same(
    question.parts,
    [
      { type: 'text', text: 'What are these?' },
      { type: 'file', url: image.url, mediaType: 'image/png', filename: 'pixel.png' },
      { type: 'file', url: csv.url, mediaType: 'text/csv', filename: 'sales.csv' },
      { type: 'file', url: pdf.url, mediaType: 'application/pdf', filename: 'report.pdf' },
      { type: 'file', url: broken.url, mediaType: 'application/pdf', filename: 'broken.pdf' },
    ],
    'stored with the type and name of the upload, whatever the client claimed',
  )
  t.same(chat.fileSizes, { [image.id]: PNG.length, [csv.id]: 26, [pdf.id]: report.length, [broken.id]: PDF.length }, 'the page gets each file’s size for its card')

  const answer = await post(owner, `/api/chats/${chatId}`, { messages: [{ id: question.id, role: 'user', parts: question.parts }] })
  const text = streamedText(parseUiStream(answer.body).chunks)
  t.match(text, /You attached 4 files:/)
  t.match(text, /\*\*pixel\.png\*\*: a PNG image, 69 bytes, 1×1 pixels\./, 'the image reached the model as bytes')
  t.match(text, /\*\*sales\.csv\*\*: a CSV file, 26 bytes, 3 lines, the first line is “month,total”\./, 'the CSV as text')
  t.ok(report.length < 1024)
  t.match(text, `**report.pdf**: a PDF, ${report.length} bytes, 2 pages, the first line is “Quarterly report”.`, 'the PDF as its text, page by page')
  t.match(text, `**broken.pdf**: a PDF, ${PDF.length} bytes, its text could not be read.`, 'a PDF that cannot be read is still named')

  // Who may send which file.
  const stranger = visitor()
  const theirs = await post(stranger, '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text: 'mine now' }, filePart(image)] } })
  t.equal(theirs.statusCode, 400, 'someone else’s upload cannot be sent')
  t.match(theirs.json().message, /is not one of your uploads/)
  const remote = await post(owner, '/api/chats', { message: { role: 'user', parts: [{ type: 'file', url: 'https://example.com/cat.png', mediaType: 'image/png' }] } })
  t.equal(remote.statusCode, 400, 'a URL that is not one of ours is never taken (the server would fetch it)')
  t.match(remote.json().message, /Part 1 of the message is a file whose url is not one of your uploads/)
  const again = await post(owner, '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text: 'again' }, filePart(csv)] } })
  t.equal(again.statusCode, 409, 'a file already sent in another chat')
  t.match(again.json().message, /“sales\.csv” was already sent in another chat/)

  // Readers of a public chat see its files; nobody else.
  t.equal((await download(stranger, image.url)).status, 404)
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  t.equal((await download(stranger, image.url)).status, 200, 'a reader of the public chat')
  t.equal((await download(visitor(), csv.url)).status, 200)

  const exported = await app.inject({ url: `/api/chats/${chatId}/export`, headers: owner.headers() })
  t.match(exported.body, `📎 [pixel.png](${image.url})`, 'the Markdown export lists the files')

  // Deleted with the chat.
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers: owner.headers() })).statusCode, 204)
  t.equal((await download(owner, image.url)).status, 404)
  t.same(stored(), [], 'its bytes are gone too')
})

t.test('files per message, files-only messages, the day-old sweep and the move to a new account', async (t) => {
  const { app, upload, download, stored } = await start(t, { UPLOAD_MAX_FILES: '1' })
  const v = visitor()
  const a = (await upload(v, 'a.txt', 'alpha\n')).body
  const b = (await upload(v, 'b.txt', 'beta\n')).body
  const two = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: { role: 'user', parts: [{ type: 'file', url: a.url }, { type: 'file', url: b.url }] } } })
  t.equal(two.statusCode, 400)
  t.match(two.json().message, /The message has 2 files; a message may carry at most 1\./)
  const only = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: { role: 'user', parts: [{ type: 'file', url: a.url }] } } })
  t.equal(only.statusCode, 201, 'a message may be a file alone')
  t.equal(only.json().title, 'a.txt', 'named after its file, as written')

  // b was never sent: a day later it is swept away; a (sent) stays.
  await app.db.updateTable('files').set({ created_at: Date.now() - 25 * 60 * 60 * 1000 }).execute()
  await app.files.sweep()
  t.same(stored(), [a.id], 'the upload no message carries is gone, bytes and row')
  t.equal((await download(v, b.url)).status, 404)

  // Signing up moves the visitor's files to the account, with their chats.
  const { signUp } = await import('../helpers/session.ts')
  const { cookie } = await signUp(app, 'files@example.com', 'correct horse battery', v.cookie)
  v.cookie = cookie
  t.equal((await download(v, a.url)).status, 200, 'still theirs after signing up')
  const user = await app.db.selectFrom('users').select('id').where('email', '=', 'files@example.com').executeTakeFirstOrThrow()
  t.equal((await app.files.store.get(a.id))!.ownerId, user.id, 'the upload belongs to the new account')
})

t.test('an OpenAI-compatible model gets images as image_url data, text files as text and PDFs as their text, page by page', async (t) => {
  const { startFakeOpenAI } = await import('../helpers/fake-openai.ts')
  const openai = await startFakeOpenAI(t)
  openai.script({ chunks: ['Seen.'] })
  const { app, upload } = await start(t, { OPENAI_BASE_URL: openai.baseUrl, AI_MODELS: 'fake-gpt' })
  const v = visitor()
  const image = (await upload(v, 'pixel.png', PNG)).body
  const csv = (await upload(v, 'sales.csv', 'month,total\nJan,12\n')).body
  const pdf = (await upload(v, 'paper.pdf', makePdf([['Quarterly report', 'Sales rose'], ['Page two']]))).body
  const parts = [{ type: 'text', text: 'What are these?' }, ...[image, csv, pdf].map((file) => ({ type: 'file', url: file.url }))]
  const chatId = (await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: { role: 'user', parts } } })).json().id as string
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages[0]
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [question] } })
  t.equal(streamedText(parseUiStream(res.body).chunks), 'Seen.')
  const request = openai.requests.find((entry) => entry.path === '/v1/chat/completions' && entry.body.stream)!
  t.same(request.body.messages.at(-1), {
    role: 'user',
    content: [
      { type: 'text', text: 'What are these?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      { type: 'text', text: '<file name="sales.csv" type="text/csv" size="19">\nmonth,total\nJan,12\n\n</file>' },
      { type: 'text', text: `<file name="paper.pdf" type="application/pdf" size="${pdf.size}" pages="2">\n--- Page 1 ---\nQuarterly report\nSales rose\n\n--- Page 2 ---\nPage two\n</file>` },
    ],
  })
  t.notOk(openai.requests.some((entry) => entry.path.includes('/api/files')), 'nothing was fetched by URL')
})

t.test('a large image is scaled to 2048 px for the model while the stored original stays; a text-only model gets a note instead', async (t) => {
  const { startFakeOpenAI } = await import('../helpers/fake-openai.ts')
  const { makePng } = await import('../helpers/make-png.ts')
  const { imageSize } = await import('image-size')
  const openai = await startFakeOpenAI(t)
  const { app, upload, download } = await start(t, { OPENAI_BASE_URL: openai.baseUrl, AI_MODELS: 'fake-gpt,notes-only', TEXT_ONLY_MODELS: 'notes-*' })
  const v = visitor()
  const original = makePng(4000, 1000)
  const askWith = async (model: string) => {
    const image = (await upload(v, 'panorama.png', original)).body
    const message = { role: 'user', parts: [{ type: 'text', text: 'Describe it' }, { type: 'file', url: image.url }] }
    const chatId = (await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message, model } })).json().id as string
    const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages[0]
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [question] } })
    return { image, text: streamedText(parseUiStream(res.body).chunks) }
  }

  openai.script({ chunks: ['Seen.'] })
  const seen = await askWith('openai:fake-gpt')
  t.equal(seen.text, 'Seen.')
  const sent = openai.requests.filter((entry) => entry.path === '/v1/chat/completions' && entry.body.stream).at(-1)!
  const imagePart = sent.body.messages.at(-1).content.find((part: { type: string }) => part.type === 'image_url')
  const dataUrl: string = imagePart.image_url.url
  t.match(dataUrl, /^data:image\/png;base64,/)
  t.match(imageSize(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')), { width: 2048, height: 512 }, 'the model got it scaled to fit 2048 px')
  t.same((await download(v, seen.image.url)).bytes, original, 'the stored file is the original')

  openai.script({ chunks: ['Read.'] })
  const read = await askWith('openai:notes-only')
  t.equal(read.text, 'Read.')
  const textOnly = openai.requests.filter((entry) => entry.path === '/v1/chat/completions' && entry.body.stream).at(-1)!
  // Text alone goes as one string, its parts joined by blank lines.
  t.equal(textOnly.body.messages.at(-1).content, `Describe it\n\n<file name="panorama.png" type="image/png" size="${original.length}">(an image: this model reads text only, so it cannot see it)</file>`)
})

t.test('an upload, sent or not, can be deleted by its owner only', async (t) => {
  const { app, upload, download, stored } = await start(t, { UPLOAD_QUOTA_ANONYMOUS_BYTES: '100' })
  const owner = visitor()
  const first = (await upload(owner, 'notes.txt', 'x'.repeat(60))).body
  t.equal((await upload(owner, 'more.txt', 'y'.repeat(60))).status, 413, 'the quota is full')
  const remove = (v: Visitor, url: string) => app.inject({ method: 'DELETE', url, headers: v.headers() })
  t.equal((await remove(visitor(), first.url)).statusCode, 404, 'someone else: not found')
  t.equal((await download(owner, first.url)).status, 200, 'still there')
  t.equal((await remove(owner, first.url)).statusCode, 204)
  t.equal((await download(owner, first.url)).status, 404)
  t.same(stored(), [], 'its bytes are gone')
  t.equal((await remove(owner, first.url)).statusCode, 404, 'twice: not found')
  const second = (await upload(owner, 'more.txt', 'y'.repeat(60))).body
  t.ok(second.id, 'the quota counts it no more')

  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: owner.headers(true), payload: { message: { role: 'user', parts: [{ type: 'file', url: second.url }] } } })
  t.equal(created.statusCode, 201)
  t.equal((await remove(visitor(), second.url)).statusCode, 404, 'a sent one: someone else, not found')
  t.equal((await remove(owner, second.url)).statusCode, 204, 'its owner may delete it')
  t.equal((await download(owner, second.url)).status, 404)
  t.equal((await remove(owner, '/api/files/not-an-id')).statusCode, 400)
})

t.test('uploads at the same time all count against the quota', async (t) => {
  const { upload, stored } = await start(t, { UPLOAD_QUOTA_ANONYMOUS_BYTES: '100' })
  const v = visitor()
  // The visitor's identity first (the composer does the same): then their uploads go together.
  t.equal((await upload(v, 'a.txt', 'a'.repeat(20))).status, 201)
  const fitting = await Promise.all([upload(v, 'b.txt', 'b'.repeat(30)), upload(v, 'c.txt', 'c'.repeat(30))])
  t.same(fitting.map((res) => res.status), [201, 201], 'together they fit: both are kept')
  const tooMany = await Promise.all([upload(v, 'd.txt', 'd'.repeat(15)), upload(v, 'e.txt', 'e'.repeat(15))])
  const statuses = tooMany.map((res) => res.status)
  t.ok(statuses.includes(413), `together they do not fit: one at least is refused (${statuses.join(', ')})`)
  t.ok(stored().length <= 4, `never more than the quota is stored (${stored().join(', ')})`)
  const refused = tooMany.find((res) => res.status === 413)!
  t.match(refused.body.message, /does not fit in your storage quota of 100 bytes/)
})
