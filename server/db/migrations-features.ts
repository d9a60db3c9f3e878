// Migrations of the features built on the first chats: files, conversations as trees, the
// personal layer, imports, project files. Never edit a released migration: add one.
import { sql, type Kysely, type Migration } from 'kysely'

export const featureMigrations: Record<string, Migration> = {
  // Files users attach to messages: the bytes live in the file storage under the id; chat_id is
  // the chat whose message carries the file (null until a message is sent with it).
  '0006_files': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('filename', 'text', (col) => col.notNull())
        .addColumn('media_type', 'text', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('chat_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('files_owner').on('files').columns(['owner_id', 'created_at']).execute()
      await db.schema.createIndex('files_chat').on('files').column('chat_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('files').execute()
    },
  },
  // Conversations as trees, first step: each message names its parent (null for a
  // chat's first) and each chat its current leaf, the last message of the branch it shows. A chat
  // written before is one straight branch: each message's parent is the one before it by seq.
  '0007_message_tree': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').addColumn('parent_id', 'text').execute()
      await db.schema.alterTable('chats').addColumn('current_leaf_id', 'text').execute()
      await sql`
        UPDATE messages SET parent_id = (
          SELECT previous.id FROM messages AS previous
          WHERE previous.chat_id = messages.chat_id AND previous.seq < messages.seq
          ORDER BY previous.seq DESC LIMIT 1
        )`.execute(db)
      await sql`
        UPDATE chats SET current_leaf_id = (
          SELECT last.id FROM messages AS last WHERE last.chat_id = chats.id ORDER BY last.seq DESC LIMIT 1
        )`.execute(db)
      await db.schema.createIndex('messages_parent').on('messages').columns(['chat_id', 'parent_id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_parent').execute()
      await db.schema.alterTable('chats').dropColumn('current_leaf_id').execute()
      await db.schema.alterTable('messages').dropColumn('parent_id').execute()
    },
  },
  // Conversation trees, second step: reading a branch as fast as a straight chat. A chat marks
  // when it first forks (a second version of a message); until then it is read in order of
  // writing. In a forked chat the messages of the shown branch are marked `shown` and read in
  // order from an index; a walk up the parents reads (id, parent_id) from an index alone.
  '0008_branch_reads': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chats').addColumn('forked', 'integer', (col) => col.notNull().defaultTo(0)).execute()
      await db.schema.alterTable('chats').addColumn('versions', 'text').execute()
      await db.schema.alterTable('messages').addColumn('shown', 'integer', (col) => col.notNull().defaultTo(0)).execute()
      await sql`
        UPDATE chats SET forked = 1 WHERE EXISTS (
          SELECT 1 FROM messages WHERE messages.chat_id = chats.id
          GROUP BY messages.parent_id HAVING COUNT(*) > 1
        )`.execute(db)
      // Chats that forked before (written between migrations 0007 and 0008): mark their branch.
      await sql`
        UPDATE messages SET shown = 1 WHERE id IN (
          WITH RECURSIVE branch(id) AS (
            SELECT current_leaf_id FROM chats WHERE forked = 1 AND current_leaf_id IS NOT NULL
            UNION ALL
            SELECT messages.parent_id FROM branch JOIN messages ON messages.id = branch.id WHERE messages.parent_id IS NOT NULL
          )
          SELECT id FROM branch
        )`.execute(db)
      // …and their versions, by parent ('' for first messages), oldest first.
      const { rows: forks } = await sql<{ chat_id: string; parent_id: string | null; id: string }>`
        SELECT messages.chat_id, messages.parent_id, messages.id FROM messages JOIN chats ON chats.id = messages.chat_id
        WHERE chats.forked = 1 ORDER BY messages.chat_id, messages.seq`.execute(db)
      const byChat = new Map<string, Record<string, string[]>>()
      for (const row of forks) {
        const groups = byChat.get(row.chat_id) ?? {}
        ;(groups[row.parent_id ?? ''] ??= []).push(row.id)
        byChat.set(row.chat_id, groups)
      }
      for (const [chatId, groups] of byChat) {
        const versions = Object.fromEntries(Object.entries(groups).filter(([, ids]) => ids.length > 1))
        await sql`UPDATE chats SET versions = ${JSON.stringify(versions)} WHERE id = ${chatId}`.execute(db)
      }
      await db.schema.createIndex('messages_walk').on('messages').columns(['id', 'parent_id']).execute()
      await db.schema.createIndex('messages_shown').on('messages').columns(['chat_id', 'shown', 'seq']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_shown').execute()
      await db.schema.dropIndex('messages_walk').execute()
      await db.schema.alterTable('messages').dropColumn('shown').execute()
      await db.schema.alterTable('chats').dropColumn('versions').execute()
      await db.schema.alterTable('chats').dropColumn('forked').execute()
    },
  },
  // The personal layer: settings per owner (a user, or an anonymous visitor until sign-in),
  // projects that group chats and hold instructions, and on chats their own system prompt, their
  // project, pins, archiving, and where an imported chat came from (so a re-import adds no copy).
  '0009_personal_layer': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('owner_id', 'text', (col) => col.primaryKey())
        .addColumn('instructions', 'text')
        .addColumn('default_model', 'text')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('instructions', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('projects_owner').on('projects').columns(['owner_id', 'updated_at']).execute()
      await db.schema.alterTable('chats').addColumn('system_prompt', 'text').execute()
      await db.schema.alterTable('chats').addColumn('project_id', 'text').execute()
      await db.schema.alterTable('chats').addColumn('pinned_at', 'bigint').execute()
      await db.schema.alterTable('chats').addColumn('archived_at', 'bigint').execute()
      await db.schema.alterTable('chats').addColumn('imported_from', 'text').execute()
      await db.schema.createIndex('chats_project').on('chats').columns(['project_id', 'updated_at', 'id']).execute()
      // NULLs are distinct in a unique index (both databases): chats made here never collide.
      await db.schema.createIndex('chats_imported').on('chats').columns(['owner_id', 'imported_from']).unique().execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chats_imported').execute()
      await db.schema.dropIndex('chats_project').execute()
      for (const column of ['imported_from', 'archived_at', 'pinned_at', 'project_id', 'system_prompt']) await db.schema.alterTable('chats').dropColumn(column).execute()
      await db.schema.dropTable('projects').execute()
      await db.schema.dropTable('settings').execute()
    },
  },
  // Imports of ChatGPT, Claude and our own exports: each runs in the background and
  // writes its progress here, so any replica can answer how it goes.
  '0010_imports': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('imports')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('filename', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('format', 'text')
        .addColumn('total_bytes', 'bigint', (col) => col.notNull())
        .addColumn('read_bytes', 'bigint', (col) => col.notNull())
        .addColumn('imported', 'integer', (col) => col.notNull())
        .addColumn('duplicates', 'integer', (col) => col.notNull())
        .addColumn('skipped', 'text', (col) => col.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('imports_owner').on('imports').columns(['owner_id', 'created_at']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('imports').execute()
    },
  },
  // A project's files: their text is given to every chat of the project. Such a file
  // belongs to its project (project_id) and to no chat.
  '0011_project_files': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('files').addColumn('project_id', 'text').execute()
      await db.schema.createIndex('files_project').on('files').column('project_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('files_project').execute()
      await db.schema.alterTable('files').dropColumn('project_id').execute()
    },
  },
}
