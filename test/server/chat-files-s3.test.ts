// Uploads in S3-compatible storage (S3_BUCKET), against s3rver, a local server speaking the S3 API,
// through the AWS SDK v3: the bucket is made when missing, files go in and come back (ranges too),
// a refused or cut-off upload leaves no object, and a file goes with its chat.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { buildApp } from '../helpers/build-app.ts'
import { listenForFetch, uploader } from '../helpers/uploads.ts'
import { visitor } from '../helpers/chat.ts'

const BUCKET = 'chat-uploads'

t.test('files in an S3-compatible bucket: in, out, refused, cut off, deleted with their chat', async (t) => {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'))
  t.teardown(() => rmSync(directory, { recursive: true, force: true }))
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = (await s3rver.run()) as AddressInfo
  t.teardown(() => s3rver.close())
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials })
  t.teardown(() => client.destroy())
  const objects = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key)

  const { app, logs } = await buildApp(t, {
    OFFLINE_TOKEN_DELAY_MS: '0',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
  })
  t.ok(logs.some((line) => line.msg === 'files: created the S3 bucket'), 'the missing bucket was made')
  t.ok(logs.some((line) => String(line.storage).startsWith(`S3 bucket ${BUCKET} at ${endpoint}`)), 'the log says where files go')
  const base = await listenForFetch(t, app)
  const { upload, download } = uploader(base)

  const owner = visitor()
  // 6 MB: more than one 5 MB part of a multipart upload.
  const big = Buffer.alloc(6 * 1024 * 1024, 'a')
  big.write('%PDF-1.4\n', 0, 'latin1')
  const pdf = await upload(owner, 'big.pdf', big)
  t.equal(pdf.status, 201)
  t.match(pdf.body, { mediaType: 'application/pdf', size: big.length })
  t.same(await objects(), [`uploads/${pdf.body.id}`], 'one object, under its id')
  const whole = await download(owner, pdf.body.url)
  t.equal(whole.status, 200)
  t.ok(whole.bytes.equals(big), 'the same 6 MB come back')
  const part = await download(owner, pdf.body.url, { range: 'bytes=0-7' })
  t.equal(part.status, 206)
  t.equal(part.bytes.toString('latin1'), '%PDF-1.4')
  t.equal((await download(visitor(), pdf.body.url)).status, 404, 'nobody else')

  t.equal((await upload(owner, 'x.bin', Buffer.from([0xde, 0xad, 0x00, 0xbe]))).status, 415)
  t.equal((await upload(owner, 'huge.txt', Buffer.alloc(9 * 1024 * 1024, 'b'))).status, 413)
  t.same(await objects(), [`uploads/${pdf.body.id}`], 'refused uploads left no object')

  // Cut off in the middle of a multipart upload: no object appears.
  const boundary = '----s3cut'
  await new Promise<void>((resolve) => {
    const req = httpRequest(`${base}/api/files`, { method: 'POST', headers: { ...owner.headers(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(20 * 1024 * 1024) } })
    req.on('error', () => resolve())
    req.on('response', (res) => {
      res.resume()
      resolve()
    })
    req.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cut.txt"\r\n\r\n`)
    req.write(Buffer.alloc(6 * 1024 * 1024, 'c'))
    setTimeout(() => req.destroy(), 500)
  })
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.same(await objects(), [`uploads/${pdf.body.id}`], 'a cut-off upload left no object')
  t.same((await app.db.selectFrom('files').select('id').execute()).map((row) => row.id), [pdf.body.id], 'and no row')

  // Deleted with its chat.
  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: owner.headers(true), payload: { message: { role: 'user', parts: [{ type: 'file', url: pdf.body.url }] } } })
  t.equal(created.statusCode, 201)
  await app.inject({ method: 'DELETE', url: `/api/chats/${created.json().id}`, headers: owner.headers() })
  t.same(await objects(), [], 'the object went with the chat')
})

t.test('a bucket that cannot be reached stops the start with a clear message', async (t) => {
  await t.rejects(
    buildApp(t, { S3_BUCKET: BUCKET, S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }),
    /files: the S3 bucket chat-uploads cannot be used/,
  )
})
