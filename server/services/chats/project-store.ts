// Projects: groups of chats with their own instructions, owned like chats (a user, or an anonymous
// visitor until sign-in). Pure data access, no Fastify. A chat names its project (chats.project_id).
import type { Kysely } from 'kysely'
import type { Database, ProjectsTable } from '../../db/schema.ts'
import type { ProjectSummary } from '../../../shared/personal.ts'

function toProject(row: ProjectsTable): ProjectSummary {
  return { id: row.id, name: row.name, instructions: row.instructions ?? '', createdAt: Number(row.created_at), updatedAt: Number(row.updated_at) }
}

export function createProjectStore(db: Kysely<Database>, now: () => number = Date.now) {
  async function get(projectId: string): Promise<(ProjectSummary & { ownerId: string }) | null> {
    const row = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst()
    return row ? { ...toProject(row), ownerId: row.owner_id } : null
  }

  return {
    get,

    /** The owner's projects, by name (the sidebar lists them all: there are at most PROJECTS_MAX). */
    async list(ownerId: string): Promise<ProjectSummary[]> {
      const rows = await db.selectFrom('projects').selectAll().where('owner_id', '=', ownerId).orderBy('name').orderBy('id').execute()
      return rows.map(toProject)
    },

    async count(ownerId: string): Promise<number> {
      const row = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('count')).where('owner_id', '=', ownerId).executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    async create(input: { id: string; ownerId: string; name: string; instructions: string }): Promise<ProjectSummary> {
      const at = now()
      const row = { id: input.id, owner_id: input.ownerId, name: input.name, instructions: input.instructions || null, created_at: at, updated_at: at }
      await db.insertInto('projects').values(row).execute()
      return toProject(row)
    },

    async update(projectId: string, changes: { name?: string; instructions?: string }): Promise<ProjectSummary | null> {
      await db
        .updateTable('projects')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.instructions !== undefined && { instructions: changes.instructions || null }),
          updated_at: now(),
        })
        .where('id', '=', projectId)
        .execute()
      return get(projectId)
    },

    /** Deletes the project; its chats stay, outside any project (nothing written is lost). */
    async remove(projectId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('chats').set({ project_id: null }).where('project_id', '=', projectId).execute()
        const result = await trx.deleteFrom('projects').where('id', '=', projectId).executeTakeFirst()
        return Number(result.numDeletedRows) === 1
      })
    },

    async removeAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom('projects').where('owner_id', '=', ownerId).execute()
    },

    /** On sign-in: the anonymous visitor's projects become the user's. */
    async moveOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
      const result = await db.updateTable('projects').set({ owner_id: toOwnerId }).where('owner_id', '=', fromOwnerId).executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

export type ProjectStore = ReturnType<typeof createProjectStore>
