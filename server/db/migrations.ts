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
}
