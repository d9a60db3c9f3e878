// The rows of uploaded files (server/db/schema.ts FilesTable): who owns each, what it is, and the
// chat whose message carries it. The bytes are in the file storage (file-storage.ts).
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../../shared/errors.ts'

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

/**
 * Gives the uploads to this chat, in the transaction that stores the message carrying them: each
 * only if no other chat has it (one condition per row, so two sends at once cannot both take it;
 * on PostgreSQL the second waits for the first's commit and then finds the row taken). Throws 409
 * naming a file another chat took, which rolls the message back with it.
 */
export async function claimFiles(trx: Transaction<Database> | Kysely<Database>, ids: string[], chatId: string): Promise<void> {
  if (ids.length === 0) return
  const free = (eb: ExpressionBuilder<Database, 'files'>) => eb.or([eb('chat_id', 'is', null), eb('chat_id', '=', chatId)])
  const result = await trx.updateTable('files').set({ chat_id: chatId }).where('id', 'in', ids).where('project_id', 'is', null).where(free).executeTakeFirst()
  if (Number(result.numUpdatedRows) === ids.length) return
  const taken = await trx.selectFrom('files').select('filename').where('id', 'in', ids).where((eb) => eb.not(free(eb))).executeTakeFirst()
  throw fileInOtherChat(taken?.filename ?? 'A file')
}

export const fileInOtherChat = (filename: string) =>
  new AppError(409, 'FILE_IN_OTHER_CHAT', `“${filename}” was already sent in another chat: upload it again to send it here.`)

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

    /** How many files the owner has in all, and how many of them no message or project carries yet. */
    async countsOf(ownerId: string): Promise<{ total: number; unsent: number }> {
      const row = await db
        .selectFrom('files')
        .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>(eb.case().when(eb.and([eb('chat_id', 'is', null), eb('project_id', 'is', null)])).then(1).end()).as('unsent')])
        .where('owner_id', '=', ownerId)
        .executeTakeFirst()
      return { total: Number(row?.total ?? 0), unsent: Number(row?.unsent ?? 0) }
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
