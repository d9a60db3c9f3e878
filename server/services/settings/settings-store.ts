// Settings per owner (a user id, or an anonymous visitor's owner id until sign-in): custom
// instructions and the default model. Pure data access, no Fastify.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { UserSettings } from '../../../shared/personal.ts'

const DEFAULTS: UserSettings = { instructions: '', defaultModel: null }

export function createSettingsStore(db: Kysely<Database>, now: () => number = Date.now) {
  async function get(ownerId: string): Promise<UserSettings> {
    const row = await db.selectFrom('settings').select(['instructions', 'default_model']).where('owner_id', '=', ownerId).executeTakeFirst()
    return row ? { instructions: row.instructions ?? '', defaultModel: row.default_model } : { ...DEFAULTS }
  }

  return {
    get,

    /** Changes what is given and keeps the rest; returns the settings as stored. */
    async update(ownerId: string, changes: Partial<UserSettings>): Promise<UserSettings> {
      const columns = {
        ...(changes.instructions !== undefined && { instructions: changes.instructions || null }),
        ...(changes.defaultModel !== undefined && { default_model: changes.defaultModel }),
        updated_at: now(),
      }
      await db
        .insertInto('settings')
        .values({ owner_id: ownerId, instructions: null, default_model: null, ...columns })
        .onConflict((oc) => oc.column('owner_id').doUpdateSet(columns))
        .execute()
      return get(ownerId)
    },

    /**
     * On sign-in: what the visitor set before signing in becomes the user's, except where the user
     * already has a setting of their own (set on another device, it is not overwritten).
     */
    async moveOwner(fromOwnerId: string, toOwnerId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const from = await trx.selectFrom('settings').selectAll().where('owner_id', '=', fromOwnerId).executeTakeFirst()
        if (!from) return
        const to = await trx.selectFrom('settings').selectAll().where('owner_id', '=', toOwnerId).executeTakeFirst()
        await trx.deleteFrom('settings').where('owner_id', '=', fromOwnerId).execute()
        const merged = { instructions: to?.instructions || from.instructions, default_model: to?.default_model ?? from.default_model, updated_at: now() }
        if (to) await trx.updateTable('settings').set(merged).where('owner_id', '=', toOwnerId).execute()
        else await trx.insertInto('settings').values({ owner_id: toOwnerId, ...merged }).execute()
      })
    },

    async remove(ownerId: string): Promise<void> {
      await db.deleteFrom('settings').where('owner_id', '=', ownerId).execute()
    },
  }
}

export type SettingsStore = ReturnType<typeof createSettingsStore>
