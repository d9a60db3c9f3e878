// The operator's side: administrators, disabled accounts, usage and quotas, the audit
// log, personal API tokens, and the lock that lets one replica sweep old data per period.
import type { Kysely, Migration } from 'kysely'

export const operatorMigrations: Record<string, Migration> = {
  '0012_operators': {
    async up(db: Kysely<unknown>) {
      // is_admin: made admin on the admin page (ADMIN_EMAILS admins are decided at each request).
      await db.schema.alterTable('users').addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0)).execute()
      await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute()
      await db.schema.alterTable('users').addColumn('last_active_at', 'bigint').execute()
      // 1 when the provider vouched for the email (GitHub's verified primary, OIDC's email_verified).
      await db.schema.alterTable('users').addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0)).execute()
      // A per-user daily token quota set by an administrator (null: the server's).
      await db.schema.alterTable('users').addColumn('quota_tokens_per_day', 'bigint').execute()
      await db.schema.createIndex('users_created').on('users').column('created_at').execute()

      // Tokens and answers per owner, per model and UTC day: the quotas and the admin page read it.
      await db.schema
        .createTable('usage_daily')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('input_tokens', 'bigint', (col) => col.notNull())
        .addColumn('output_tokens', 'bigint', (col) => col.notNull())
        .addColumn('answers', 'integer', (col) => col.notNull())
        .addColumn('failed', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('usage_daily_pk', ['owner_id', 'day', 'model'])
        .execute()
      await db.schema.createIndex('usage_daily_day').on('usage_daily').column('day').execute()
      // Answers that failed, by error kind and UTC day.
      await db.schema
        .createTable('failures_daily')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('failures_daily_pk', ['day', 'kind'])
        .execute()

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('actor_id', 'text', (col) => col.notNull())
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('target_id', 'text')
        .addColumn('target_email', 'text')
        .addColumn('details', 'text')
        .execute()
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()

      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        // SHA-256 of the token: the token is 256 random bits, so a slow hash adds nothing.
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute()
      await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute()

      // One row per periodic job: a replica runs it only if it moves ran_at forward first.
      await db.schema
        .createTable('job_runs')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('ran_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('sessions_created').on('sessions').column('created_at').execute()
      await db.schema.createIndex('chats_updated').on('chats').column('updated_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chats_updated').execute()
      await db.schema.dropIndex('sessions_created').execute()
      for (const table of ['job_runs', 'api_tokens', 'audit_log', 'failures_daily', 'usage_daily']) await db.schema.dropTable(table).execute()
      await db.schema.dropIndex('users_created').execute()
      for (const column of ['quota_tokens_per_day', 'email_verified', 'last_active_at', 'disabled_at', 'is_admin']) await db.schema.alterTable('users').dropColumn(column).execute()
    },
  },
}
