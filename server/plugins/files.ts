// Files users attach: decorates `app.files` with the rows (file-store.ts) and the
// storage their bytes live in (file-storage.ts: the disk under UPLOADS_DIR).
import fp from 'fastify-plugin'
import type { AppConfig, UploadsConfig } from '../../fastify.config.ts'
import { createFileStore, type FileStore } from '../services/files/file-store.ts'
import { createDiskStorage, type FileStorage } from '../services/files/file-storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    files: {
      store: FileStore
      storage: FileStorage
      limits: UploadsConfig
      /** Deletes these files, bytes first (a row without bytes would be served as an error). */
      remove(ids: string[]): Promise<void>
      /**
       * Deletes the chat's files that `carried()` (the file ids its messages still name) does not
       * name; `carried` is asked only when the chat has files at all.
       */
      removeFromChatExcept(chatId: string, carried: () => Promise<Array<string | null>>): Promise<void>
      /** Removes uploads no message carries that are older than a day (runs hourly by itself). */
      sweep(): Promise<void>
    }
  }
}

/** Uploads no message carries are removed after this long. */
export const UNATTACHED_FILE_TTL_MS = 24 * 60 * 60 * 1000
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000

export default fp(
  async function files(app, options: { config: AppConfig }) {
    const { s3 } = options.config.uploads
    let storage: FileStorage
    if (s3) {
      // The AWS SDK is loaded only when S3 is configured: it adds ~25 MB to a process that uses the disk.
      const { createS3Storage } = await import('../services/files/s3-storage.ts')
      const bucket = createS3Storage(s3)
      app.addHook('onClose', async () => bucket.close())
      // A fresh MinIO has no bucket yet: it is made. A bucket that cannot be reached stops the start.
      const state = await bucket.ensureBucket().catch((error: unknown) => {
        throw new Error(`files: the S3 bucket ${s3.bucket} cannot be used (${(error as Error).name}: ${(error as Error).message})`, { cause: error })
      })
      if (state === 'created') app.log.info({ bucket: s3.bucket }, 'files: created the S3 bucket')
      storage = bucket
    } else {
      storage = createDiskStorage(options.config.uploads.dir)
    }
    const store = createFileStore(app.db)
    app.log.info({ storage: storage.describe() }, 'files: uploads are kept here')
    async function remove(ids: string[]) {
      for (const id of ids) await storage.remove(id)
      await store.removeMany(ids)
    }
    async function removeFromChatExcept(chatId: string, carried: () => Promise<Array<string | null>>) {
      const ids = await store.idsOfChat(chatId)
      if (ids.length === 0) return
      const kept = new Set(await carried())
      const released = ids.filter((id) => !kept.has(id))
      await remove(released)
      if (released.length > 0) app.log.info({ chatId, removed: released.length }, 'files: removed files no message of the chat carries any more')
    }
    const files = { store, storage, limits: options.config.uploads, remove, removeFromChatExcept, sweep }
    app.decorate('files', files)

    // A visitor's files become theirs when they sign in, with their chats.
    app.auth.onSignIn(async ({ userId, anonymousOwnerId }) => {
      if (!anonymousOwnerId) return
      const moved = await store.moveOwner(anonymousOwnerId, userId)
      if (moved > 0) app.log.info({ userId, moved }, 'files: moved anonymous uploads to the signed-in user')
    })

    // Uploads never sent with a message go after a day (every replica may sweep: deletes are idempotent).
    async function sweep() {
      try {
        const stale = await store.idsUnattachedBefore(Date.now() - UNATTACHED_FILE_TTL_MS)
        await remove(stale)
        if (stale.length > 0) app.log.info({ removed: stale.length }, 'files: removed uploads no message carries')
      } catch (error) {
        app.log.warn({ err: error }, 'files: removing unattached uploads failed')
      }
    }
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      void sweep()
      timer = setInterval(() => void sweep(), CLEANUP_INTERVAL_MS)
      timer.unref()
    })
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'files', dependencies: ['db', 'session'] },
)
