// Build manifest files for the update check (docs/product-contract.md). latest.json is asked often and must
// always be fresh; a build's meta never changes, so it is cached for good.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { BuildInfoSchema, BuildMetaSchema, type BuildInfo, type BuildMeta } from '../../../shared/builds.ts'
import { BUILD_META_PATH_PREFIX, LATEST_BUILD_PATH } from '../../../shared/constants.ts'
import { AppError } from '../../../shared/errors.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const ErrorReply = Type.Object({ statusCode: Type.Integer(), code: Type.String(), message: Type.String() })

export default async function buildRoutes(app: FastifyInstance) {
  app.get(LATEST_BUILD_PATH, { schema: { response: { 200: BuildInfoSchema } } }, async (_request, reply): Promise<BuildInfo> => {
    reply.header('cache-control', 'no-cache')
    return { id: app.buildInfo.id, timestamp: app.buildInfo.timestamp }
  })

  app.get<{ Params: { file: string } }>(
    `${BUILD_META_PATH_PREFIX}:file`,
    {
      schema: {
        params: Type.Object({ file: Type.String({ maxLength: 80 }) }),
        response: { 200: BuildMetaSchema, 404: ErrorReply },
      },
    },
    async (request, reply): Promise<BuildMeta> => {
      const { id, timestamp } = app.buildInfo
      if (request.params.file !== `${id}.json`) {
        // Another replica may be about to serve that build: do not let a cache remember the 404.
        reply.header('cache-control', 'no-store')
        throw new AppError(404, 'BUILD_NOT_FOUND', `Unknown build: ${request.params.file.replace(/\.json$/, '')}`)
      }
      reply.header('cache-control', IMMUTABLE)
      return { id, timestamp, prerendered: [] }
    },
  )
}
