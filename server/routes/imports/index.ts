// Imports of chat histories: POST /api/import takes an export (multipart, field "file"),
// keeps it in a temporary file and imports it in the background; GET /api/import/:id says how it
// goes and, at the end, what it did. Only the importer sees an import (404 to others).
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { formatBytes } from '../../../shared/format-bytes.ts'
import { ErrorBody, Params } from '../chats/common.ts'
import { EXPECTED_FILES, ImportFormatError, InflatedTooLargeError, inflateConversations } from '../../services/imports/open-export.ts'
import { claimImport } from '../../services/imports/claim-import.ts'
import { PROGRESS_INTERVAL_MS, runImport } from '../../services/imports/run-import.ts'
import { whenClosed } from '../../services/write-stream.ts'
import type { ImportsTable } from '../../db/schema.ts'

/** An import whose progress was not written for this long was cut off (a restart, a lost replica). */
const STALE_AFTER_MS = PROGRESS_INTERVAL_MS * 20

export const ImportView = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  format: Type.Union([Type.Literal('chatgpt'), Type.Literal('claude'), Type.Literal('chat'), Type.Null()]),
  totalBytes: Type.Number(),
  readBytes: Type.Number(),
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  skipped: Type.Integer(),
  /** The first skipped conversations and why. */
  skippedList: Type.Array(Type.Object({ title: Type.String(), reason: Type.String() })),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
})
type ImportView = Static<typeof ImportView>

function toView(row: ImportsTable, now: number): ImportView {
  const skipped = JSON.parse(row.skipped) as { count: number; list: Array<{ title: string; reason: string }> }
  const stale = row.status === 'running' && now - Number(row.updated_at) > STALE_AFTER_MS
  return {
    id: row.id,
    filename: row.filename,
    status: stale ? 'failed' : row.status,
    format: row.format as ImportView['format'],
    totalBytes: Number(row.total_bytes),
    readBytes: Number(row.read_bytes),
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: skipped.count,
    skippedList: skipped.list,
    error: stale ? 'The import was cut off (the server restarted). Import the file again: chats already imported are skipped.' : row.error,
    createdAt: Number(row.created_at),
  }
}

export default async function importRoutes(app: FastifyInstance) {
  const { maxBytes } = app.config.imports
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, fileSize: maxBytes + 1, headerPairs: 50 } })

  app.post('/api/import', { schema: { response: { 202: ImportView, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, 'NOT_MULTIPART', `Send the export as multipart/form-data, in one field called "file": ${EXPECTED_FILES}.`)
    const user = await request.getUser()
    // An import can be large: it belongs to an account, not to a visitor's cookie.
    if (!user) throw new AppError(403, 'IMPORT_NEEDS_SIGN_IN', 'Sign in to import your chat history.')
    const part = await request.file({ throwFileSizeLimit: false })
    if (!part) throw new AppError(400, 'NO_FILE', `The request has no file: send ${EXPECTED_FILES} in a field called "file".`)
    if (part.fieldname !== 'file') {
      part.file.resume()
      throw new AppError(400, 'NO_FILE', `The file must be in a field called "file", not "${part.fieldname.slice(0, 40)}".`)
    }
    const at = Date.now()
    const row: ImportsTable = {
      id: randomUUID(),
      owner_id: user.id,
      filename: part.filename.slice(0, 200) || 'export',
      status: 'running',
      format: null,
      total_bytes: 0,
      read_bytes: 0,
      imported: 0,
      duplicates: 0,
      skipped: JSON.stringify({ count: 0, list: [] }),
      error: null,
      created_at: at,
      updated_at: at,
    }
    // Claimed before the file is read: a second import is refused without its upload.
    if (!(await claimImport(app.db, app.dbDialect, row, at - STALE_AFTER_MS))) {
      part.file.resume()
      throw new AppError(409, 'IMPORT_RUNNING', 'An import is already running: wait for it to finish.')
    }
    // Nothing of it was imported: the claim goes, as if it had never been sent.
    const unclaim = () => app.db.deleteFrom('imports').where('id', '=', row.id).execute().catch((deleteError: unknown) => request.log.error({ err: deleteError, importId: row.id }, 'imports: could not remove a refused import'))
    // The upload goes to disk as it arrives (never whole in memory); the import reads it from there.
    const dir = await mkdtemp(join(tmpdir(), 'chat-import-')).catch(async (error: unknown) => {
      part.file.resume()
      await unclaim()
      throw error
    })
    // The claim stays fresh while a long upload (and a zip's inflating) goes on.
    const touch = () => app.db.updateTable('imports').set({ updated_at: Date.now() }).where('id', '=', row.id).execute()
    const heartbeat = setInterval(() => void touch().catch(() => undefined), PROGRESS_INTERVAL_MS * 4)
    const path = join(dir, 'export')
    let jsonPath = path
    let size = 0
    let head = Buffer.alloc(0)
    const out = createWriteStream(path)
    try {
      await pipeline(
        part.file,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length
            if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)])
            yield chunk
          }
        },
        out,
      )
      if (part.file.truncated || size > maxBytes) {
        reply.header('connection', 'close')
        throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than the ${formatBytes(maxBytes)} an import may be.`)
      }
      // What an export starts with: a zip's signature, or JSON's [ or { (after white space or a BOM).
      const start = head.toString('latin1').replace(/^(\xef\xbb\xbf)?\s*/, '')
      const zip = head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))
      if (!zip && !/^[[{]/.test(start)) {
        throw new AppError(415, 'NOT_AN_EXPORT', `“${part.filename.slice(0, 100)}” is ${size === 0 ? 'empty' : 'neither JSON nor a zip'}. Expected ${EXPECTED_FILES}.`)
      }
      if (zip) {
        // Inflated whole before the import starts: a zip bomb is refused with nothing stored.
        jsonPath = join(dir, 'conversations.json')
        size = await inflateConversations(path, jsonPath, maxBytes).catch((error: unknown) => {
          if (error instanceof InflatedTooLargeError) throw new AppError(413, 'FILE_TOO_LARGE', error.message)
          if (error instanceof ImportFormatError) throw new AppError(422, 'NOT_AN_EXPORT', error.message)
          throw error
        })
        await rm(path, { force: true })
      }
    } catch (error) {
      clearInterval(heartbeat)
      // Not before the stream is done with the file, or it could stay (write-stream.ts).
      await whenClosed(out)
      await rm(dir, { recursive: true, force: true })
      await unclaim()
      throw error
    }
    clearInterval(heartbeat)
    row.total_bytes = size
    row.updated_at = Date.now()
    await app.db.updateTable('imports').set({ total_bytes: row.total_bytes, updated_at: row.updated_at }).where('id', '=', row.id).execute()
    request.log.info({ importId: row.id, bytes: size }, 'imports: started')
    // In the background: the answer says it started; GET /api/import/:id follows it.
    void runImport({ db: app.db, importId: row.id, ownerId: user.id, path: jsonPath, log: app.log, maxMessageChars: app.config.messageStoredMaxChars, dialect: app.dbDialect, ...(app.config.databasePath !== ':memory:' && { databasePath: app.config.databasePath }) }).finally(() => rm(dir, { recursive: true, force: true }))
    return reply.code(202).send(toView(row, row.updated_at))
  })

  app.get<{ Params: Static<typeof Params> }>('/api/import/:id', { schema: { params: Params, response: { 200: ImportView, 404: ErrorBody } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const ownerId = await request.peekOwnerId()
    const row = await app.db.selectFrom('imports').selectAll().where('id', '=', request.params.id).executeTakeFirst()
    if (!row || row.owner_id !== ownerId) throw new AppError(404, 'IMPORT_NOT_FOUND', 'Import not found')
    return toView(row, Date.now())
  })
}
