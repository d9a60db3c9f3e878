// Speed that does not depend on how much is stored (issue 20): indexes that let one owner's lists
// be read without walking other owners' chats. Found with `npm run bench:history` (its query plans):
// the sidebar's history went through chats_project (every owner's chats outside projects, newest
// first) and the pinned chats scanned the whole chats table.
import type { Kysely, Migration } from 'kysely'

export const scaleMigrations: Record<string, Migration> = {
  '0013_owner_list_indexes': {
    async up(db: Kysely<unknown>) {
      // The history: one owner's chats outside projects and not archived, newest first.
      await db.schema.createIndex('chats_owner_history').on('chats').columns(['owner_id', 'project_id', 'archived_at', 'updated_at', 'id']).execute()
      await db.schema.createIndex('chats_owner_pinned').on('chats').columns(['owner_id', 'pinned_at']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chats_owner_pinned').execute()
      await db.schema.dropIndex('chats_owner_history').execute()
    },
  },
}
