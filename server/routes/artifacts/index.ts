// The artifacts of a chat: list, read a version, save a user's version (owner-checked; a public chat read-only).
// What a reader sees is the chat's current branch: the versions whose message is on it.
import type { FastifyInstance } from 'fastify'
import type { Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { chatAccess, Params } from '../chats/common.ts'
import { takeAttempt } from '../take-attempt.ts'
import { anonymousStorage } from '../chats/limits.ts'
import { ArtifactList, ArtifactParams, ArtifactSaveRequest, ArtifactVersionResponse, ErrorBody, VersionQuery } from './schemas.ts'

const MINUTE = 60_000

const artifactNotFound = () => new AppError(404, 'ARTIFACT_NOT_FOUND', 'Artifact not found in this chat (or not on the branch it shows)')

export default async function artifactRoutes(app: FastifyInstance) {
  const access = chatAccess(app)
  const { limits, sendRateLimitPerMinute, artifacts: config } = app.config
  // Saves count like messages sent: per owner and per client address.
  const savePerOwner = app.attemptCounter('artifact-save', { max: sendRateLimitPerMinute, windowMs: MINUTE })
  const savePerIp = app.attemptCounter('artifact-save-ip', { max: limits.ipSendPerMinute, windowMs: MINUTE })

  // A visitor who has not signed in keeps at most ANONYMOUS_STORAGE_MB, artifacts included.
  const storage = anonymousStorage(app)

  app.get<{ Params: Static<typeof Params> }>(
    '/api/chats/:id/artifacts',
    { schema: { params: Params, response: { 200: ArtifactList, 404: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      await access(request, request.params.id, 'read')
      const path = await app.artifacts.pathOf(request.params.id)
      return { artifacts: await app.artifacts.list(request.params.id, path) }
    },
  )

  app.get<{ Params: Static<typeof ArtifactParams>; Querystring: Static<typeof VersionQuery> }>(
    '/api/chats/:id/artifacts/:artifactId',
    { schema: { params: ArtifactParams, querystring: VersionQuery, response: { 200: ArtifactVersionResponse, 404: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id, artifactId } = request.params
      await access(request, id, 'read')
      const path = await app.artifacts.pathOf(id)
      const found = await app.artifacts.get(id, artifactId, { onPath: path, version: request.query.version })
      if (!found) throw artifactNotFound()
      return found
    },
  )

  app.post<{ Params: Static<typeof ArtifactParams>; Body: Static<typeof ArtifactSaveRequest> }>(
    '/api/chats/:id/artifacts/:artifactId',
    {
      // The content is JSON-escaped on the wire (a quote or a new line takes two characters): room
      // for twice the cap, so that the store's own check answers with the message that names it.
      bodyLimit: 2 * config.maxBytes + 64 * 1024,
      schema: { params: ArtifactParams, body: ArtifactSaveRequest, response: { 201: ArtifactVersionResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id, artifactId } = request.params
      const { chat } = await access(request, id, 'write')
      await takeAttempt(savePerIp, request.ip, reply, 'RATE_LIMITED', (s) => `Too many saves from your network. Try again in ${s} seconds.`)
      await takeAttempt(savePerOwner, chat.ownerId, reply, 'RATE_LIMITED', (s) => `You are saving too quickly. Try again in ${s} seconds.`)
      const path = await app.artifacts.pathOf(id)
      const leaf = path.at(-1)
      if (leaf === undefined) throw artifactNotFound()
      await storage(request, chat.ownerId, Buffer.byteLength(request.body.content, 'utf8'))
      // A user's version belongs to the message the chat shows last: the branch it was edited on.
      const saved = await app.artifacts.addVersion({
        chatId: id,
        artifactId,
        messageId: leaf,
        content: request.body.content,
        title: request.body.title,
        author: 'user',
        onPath: path,
        baseVersion: request.body.baseVersion,
      })
      // The branch's version numbers, from the list (which reads no content).
      const versions = (await app.artifacts.list(id, path)).find((artifact) => artifact.artifactId === artifactId)?.versions ?? [saved.version]
      request.log.info({ chatId: id, artifactId, version: saved.version }, 'artifacts: a user saved a version')
      return reply.code(201).send({ ...saved, versions })
    },
  )
}
