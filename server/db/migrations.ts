// Migrations, in order, shared by SQLite and PostgreSQL. Never edit a released migration: add one.
import { sql, type Kysely, type Migration } from 'kysely'

export const migrations: Record<string, Migration> = {
  '0001_users_and_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('provider_id', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('avatar', 'text')
        .addColumn('username', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('users_provider_identity', ['provider', 'provider_id'])
        .execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('anonymous_owner_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sessions').execute()
      await db.schema.dropTable('users').execute()
      void sql
    },
  },
  '0002_chats_messages_votes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chats')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('private'))
        .addColumn('model', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('chats_owner_activity').on('chats').columns(['owner_id', 'updated_at', 'id']).execute()
      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('parts', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('usage', 'text')
        .addColumn('model', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('messages_chat_seq', ['chat_id', 'seq'])
        .execute()
      await db.schema
        .createTable('votes')
        .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('value', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('votes_pk', ['chat_id', 'message_id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('votes').execute()
      await db.schema.dropTable('messages').execute()
      await db.schema.dropTable('chats').execute()
    },
  },
}
