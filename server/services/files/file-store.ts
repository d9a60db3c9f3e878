// The rows of uploaded files (server/db/schema.ts FilesTable): who owns each, what it is, and the
// chat whose message carries it. The bytes are in the file storage (file-storage.ts).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export interface StoredFile {
  id: string
  ownerId: string
  filename: string
  mediaType: string
  size: number
  chatId: string | null
  /** The project it belongs to (null: none). */
  projectId: string | null
  createdAt: number
}

export type FileStore = ReturnType<typeof createFileStore>

export function createFileStore(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async create(file: Omit<StoredFile, 'chatId' | 'projectId' | 'createdAt'>): Promise<StoredFile> {
      const row = { id: file.id, owner_id: file.ownerId, filename: file.filename, media_type: file.mediaType, size: file.size, chat_id: null, created_at: now() }
      await db.insertInto('files').values(row).execute()
      return { ...file, chatId: null, projectId: null, createdAt: row.created_at }
    },

    async get(id: string): Promise<StoredFile | null> {
      const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
      return row
        ? { id: row.id, ownerId: row.owner_id, filename: row.filename, mediaType: row.media_type, size: Number(row.size), chatId: row.chat_id, projectId: row.project_id, createdAt: Number(row.created_at) }
        : null
    },

    /** Bytes the owner's files take up, for the quota. */
    async usedBytes(ownerId: string): Promise<number> {
      const row = await db.selectFrom('files').select((eb) => eb.fn.sum<number>('size').as('total')).where('owner_id', '=', ownerId).executeTakeFirst()
      return Number(row?.total ?? 0)
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('files').where('id', '=', id).execute()
    },

    /** Ids of the files a chat's messages carry. */
    async idsOfChat(chatId: string): Promise<string[]> {
      return (await db.selectFrom('files').select('id').where('chat_id', '=', chatId).execute()).map((row) => row.id)
    },

    /** The size in bytes of each file a chat's messages carry, by id (the file cards show it). */
    async sizesOfChat(chatId: string): Promise<Record<string, number>> {
      const rows = await db.selectFrom('files').select(['id', 'size']).where('chat_id', '=', chatId).execute()
      return Object.fromEntries(rows.map((row) => [row.id, Number(row.size)]))
    },

    /** Ids of the files an owner's chats carry (not the uploads waiting in a composer). */
    async idsInChatsOf(ownerId: string): Promise<string[]> {
      return (await db.selectFrom('files').select('id').where('owner_id', '=', ownerId).where('chat_id', 'is not', null).execute()).map((row) => row.id)
    },

    /** Ids of all of an owner's files, attached or not. */
    async idsOfOwner(ownerId: string): Promise<string[]> {
      return (await db.selectFrom('files').select('id').where('owner_id', '=', ownerId).execute()).map((row) => row.id)
    },

    /** Ids of uploads no message carries that are older than `before` (ms). */
    async idsUnattachedBefore(before: number, limit = 500): Promise<string[]> {
      const rows = await db.selectFrom('files').select('id').where('chat_id', 'is', null).where('project_id', 'is', null).where('created_at', '<', before).limit(limit).execute()
      return rows.map((row) => row.id)
    },

    async removeMany(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.deleteFrom('files').where('id', 'in', ids).execute()
    },

    /** The files now travel with this chat's message: they are served to its readers and deleted with it. */
    async attach(ids: string[], chatId: string): Promise<void> {
      if (ids.length > 0) await db.updateTable('files').set({ chat_id: chatId }).where('id', 'in', ids).execute()
    },

    /** A project's files, oldest first. */
    async ofProject(projectId: string): Promise<StoredFile[]> {
      const rows = await db.selectFrom('files').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute()
      return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, filename: row.filename, mediaType: row.media_type, size: Number(row.size), chatId: row.chat_id, projectId: row.project_id, createdAt: Number(row.created_at) }))
    },

    /** The upload now belongs to the project (its text goes to every chat of it). */
    async attachToProject(id: string, projectId: string): Promise<void> {
      await db.updateTable('files').set({ project_id: projectId }).where('id', '=', id).execute()
    },

    /** On sign-in: an anonymous visitor's files become the user's, like their chats. */
    async moveOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
      const result = await db.updateTable('files').set({ owner_id: toOwnerId }).where('owner_id', '=', fromOwnerId).executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}
