// Uploads: POST /api/files takes one file (multipart/form-data, field "file"), decides
// its type from its bytes, streams it to storage and counts it against the owner's quota; GET
// /api/files/:id serves it to its owner (and to readers of the public chat that carries it) so
// that it can never run as a page of ours: its verified type, nosniff, a sandbox CSP, and a
// download for anything that is not an image or a PDF.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { ACCEPTED_FILES, createTextCheck, safeFilename, sniffBinary, SNIFF_BYTES, textTypeFor, type DetectedType } from '../../services/files/file-kind.ts'
import type { StoredFile } from '../../services/files/file-store.ts'
import { FILE_ID } from '../../services/files/file-storage.ts'
import { formatBytes } from '../../../shared/format-bytes.ts'
import { uploadLimits } from './upload-limits.ts'

const Params = Type.Object({ id: Type.String({ pattern: `^${FILE_ID}$` }) })
const UploadedFile = Type.Object({ id: Type.String(), url: Type.String(), filename: Type.String(), mediaType: Type.String(), size: Type.Number() })

/** Content-Disposition with an ASCII fallback and the name as written (RFC 6266 / 5987). */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/** A single `bytes=` range of a file of `size` bytes; null when none was asked for; 'invalid' for one that cannot be served. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid'
  let start: number
  let end: number
  if (match[1] === '') {
    // The last N bytes.
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start > end || start >= size ? 'invalid' : { start, end }
}

export default async function fileRoutes(app: FastifyInstance) {
  const { maxBytes, quotaBytes, anonymousQuotaBytes } = app.files.limits
  // Only these routes take multipart bodies: one file, nothing else.
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, fileSize: maxBytes + 1, headerPairs: 50 } })
  // Bytes of uploads on their way in this process, by owner, until their row exists: several
  // uploads at once (the composer sends a message's files together) all count against the quota.
  const inFlight = new Map<string, number>()
  const addInFlight = (ownerId: string, bytes: number) => {
    const total = (inFlight.get(ownerId) ?? 0) + bytes
    if (total > 0) inFlight.set(ownerId, total)
    else inFlight.delete(ownerId)
  }
  const limits = uploadLimits(app)

  app.post('/api/files', { schema: { response: { 201: UploadedFile } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data, in one field called "file".')
    const user = await request.getUser()
    const quota = user ? quotaBytes : anonymousQuotaBytes
    if (quota === 0) throw new AppError(403, 'UPLOADS_NEED_SIGN_IN', 'Sign in to attach files.')
    const ownerId = await request.getOwnerId()
    let used = (await app.files.store.usedBytes(ownerId)) + (inFlight.get(ownerId) ?? 0)
    const overQuota = () =>
      new AppError(413, 'QUOTA_EXCEEDED', `This file does not fit in your storage quota of ${formatBytes(quota)} (${formatBytes(used)} used). Delete chats with files you no longer need.`)
    if (used >= quota) throw overQuota()
    // What the visitor and their address may still upload; settled to what came, however it ends.
    const admitted = await limits.admit(request, reply, ownerId, Boolean(user))
    let size = 0
    try {
      return await receive()
    } finally {
      await admitted.settle(size)
    }

    async function receive() {
      const part = await request.file({ throwFileSizeLimit: false })
      if (!part) throw new AppError(400, 'NO_FILE', 'The request has no file: send it in a field called "file".')
      if (part.fieldname !== 'file') {
        part.file.resume()
        throw new AppError(400, 'NO_FILE', `The file must be in a field called "file", not "${part.fieldname.slice(0, 40)}".`)
      }

      const id = randomUUID()
      const filename = safeFilename(part.filename)
      let head: Buffer = Buffer.alloc(0)
      const text = createTextCheck()
      let tooBig = false
      // Counts, sniffs and checks the bytes on their way to storage: nothing is held in memory.
      async function* inspected(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length
          addInFlight(ownerId, chunk.length)
          if (size > maxBytes || size > quota - used) {
            tooBig = true
            throw new AppError(413, 'FILE_TOO_LARGE', 'too large')
          }
          if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)])
          text.push(chunk)
          yield chunk
        }
      }
      let type: DetectedType | null
      try {
        try {
          await app.files.storage.write(id, inspected(part.file))
        } catch (error) {
          if (!tooBig) throw error
        }
        if (tooBig || part.file.truncated) {
          // The rest of the body is not read: the connection closes after the answer.
          reply.header('connection', 'close')
          if (size > maxBytes || part.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', `“${filename}” is larger than the limit of ${formatBytes(maxBytes)} per file.`)
          throw overQuota()
        }
        type = size === 0 ? null : (sniffBinary(head) ?? (text.isText() ? textTypeFor(filename) : null))
        if (!type) {
          await app.files.storage.remove(id)
          throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', `“${filename}” is ${size === 0 ? 'empty' : 'not a type of file we accept'}. Accepted: ${ACCEPTED_FILES}.`)
        }
        // Counted again now that it is whole: uploads that ended meanwhile are stored, the others still
        // in flight (this one's own bytes aside).
        used = (await app.files.store.usedBytes(ownerId)) + (inFlight.get(ownerId) ?? 0) - size
        if (used + size > quota) {
          await app.files.storage.remove(id)
          throw overQuota()
        }
        try {
          await app.files.store.create({ id, ownerId, filename, mediaType: type.mediaType, size })
        } catch (error) {
          await app.files.storage.remove(id)
          throw error
        }
      } finally {
        addInFlight(ownerId, -size)
      }
      request.log.info({ fileId: id, mediaType: type.mediaType, size }, 'files: uploaded')
      return reply.code(201).send({ id, url: `/api/files/${id}`, filename, mediaType: type.mediaType, size })
    }
  })

  /** The file if this visitor may read it: its owner, or anyone for a file of a public chat. 404 otherwise, never 403. */
  async function readable(id: string, ownerId: string | null): Promise<StoredFile> {
    const file = await app.files.store.get(id)
    if (file && ownerId !== null && file.ownerId === ownerId) return file
    if (file?.chatId) {
      const chat = await app.chats.get(file.chatId)
      if (chat?.visibility === 'public') return file
    }
    throw new AppError(404, 'FILE_NOT_FOUND', 'File not found')
  }

  app.get<{ Params: Static<typeof Params> }>('/api/files/:id', { schema: { params: Params }, compress: false }, async (request, reply) => {
    const file = await readable(request.params.id, await request.peekOwnerId())
    const etag = `"${file.id}"`
    const inline = file.mediaType.startsWith('image/') || file.mediaType === 'application/pdf'
    const text = file.mediaType.startsWith('text/') || file.mediaType === 'application/json'
    reply
      .header('content-type', text ? `${file.mediaType}; charset=utf-8` : file.mediaType)
      .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.filename))
      // Never a page of ours: no script, no plugin, an origin of its own; an image still shows.
      .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      // Its bytes never change under an id.
      .header('cache-control', 'private, max-age=3600')
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    const range = parseRange(request.headers.range, file.size)
    if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.size}`).send()
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1)
      return reply.send(await app.files.storage.read(file.id, range))
    }
    reply.header('content-length', file.size)
    return reply.send(await app.files.storage.read(file.id))
  })

  // An upload taken back before it was sent (the composer's remove button), or a sent file its owner
  // no longer wants shared or kept (its message then shows it as removed): its bytes go at once and
  // stop counting against the quota.
  app.delete<{ Params: Static<typeof Params> }>('/api/files/:id', { schema: { params: Params } }, async (request, reply) => {
    const ownerId = await request.peekOwnerId()
    const file = await app.files.store.get(request.params.id)
    if (!file || ownerId === null || file.ownerId !== ownerId) throw new AppError(404, 'FILE_NOT_FOUND', 'File not found')
    await app.files.remove([file.id])
    return reply.code(204).send()
  })
}
