// The personal layer: each owner's settings and projects. Like chats they belong to the
// anonymous visitor until sign-in, then move to the user.
import fp from 'fastify-plugin'
import { createSettingsStore, type SettingsStore } from '../services/settings/settings-store.ts'
import { createProjectStore, type ProjectStore } from '../services/chats/project-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsStore
    projects: ProjectStore
  }
}

export default fp(
  async function personal(app) {
    const settings = createSettingsStore(app.db)
    const projects = createProjectStore(app.db)
    app.decorate('settings', settings)
    app.decorate('projects', projects)

    app.auth.onSignIn(async ({ userId, anonymousOwnerId }) => {
      if (!anonymousOwnerId || anonymousOwnerId === userId) return
      await settings.moveOwner(anonymousOwnerId, userId)
      const moved = await projects.moveOwner(anonymousOwnerId, userId)
      if (moved > 0) app.log.info({ userId, moved }, 'personal: moved anonymous projects to the signed-in user')
    })
  },
  { name: 'personal', dependencies: ['db', 'session'] },
)
