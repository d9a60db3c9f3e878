// app.artifacts: the artifacts of chats (services/artifacts/artifact-store.ts), every version kept.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createArtifactStore, type ArtifactStore } from '../services/artifacts/artifact-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    artifacts: ArtifactStore
  }
}

export default fp(
  async function artifacts(app, options: { config: AppConfig }) {
    app.decorate('artifacts', createArtifactStore({ db: app.db, maxBytes: options.config.artifacts.maxBytes }))
  },
  { name: 'artifacts', dependencies: ['db', 'chats', 'files'] },
)
