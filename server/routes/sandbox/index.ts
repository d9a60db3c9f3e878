// The sandbox page that runs artifact previews, served with a policy of its own (no network, opaque
// origin), and a version opened in a tab of its own (the same policy, owner-checked like the chat).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type, type Static } from 'typebox'
import { SANDBOX_PATH } from '../../../shared/artifacts.ts'
import { AppError } from '../../../shared/errors.ts'
import { chatAccess, ErrorBody, Id } from '../chats/common.ts'
import { appOrigin, requestOrigin, sandboxHeaders, sandboxPagePolicy, viewPolicy } from './policy.ts'
import { readSandboxManifest, sandboxPage, type SandboxManifest } from './page.ts'

const ViewParams = Type.Object({ chatId: Id, artifactId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) })
const ViewQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })) })

const unavailable = () => new AppError(503, 'SANDBOX_NOT_BUILT', 'The artifact sandbox is not built: run npm run build.')
const badHost = () => new AppError(400, 'BAD_HOST', 'The Host header is not a host name with an optional port.')
const artifactNotFound = () => new AppError(404, 'ARTIFACT_NOT_FOUND', 'Artifact not found')

export default async function sandboxRoutes(app: FastifyInstance) {
  const { config } = app
  // Development serves no build; the sandbox needs its two bundled scripts (npm run build).
  const manifest: SandboxManifest | null = readSandboxManifest(config.root)

  /** The sandbox's scripts, by absolute URL on the host this request reached (a policy needs hosts for paths). */
  function scriptsFor(request: FastifyRequest) {
    const origin = requestOrigin(request)
    if (origin === null) throw badHost()
    if (!manifest) throw unavailable()
    return { bootstrap: `${origin}/${manifest.bootstrap}`, runtime: `${origin}/${manifest.runtime}` }
  }

  app.get(SANDBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    const scripts = scriptsFor(request)
    // Who may embed it: the app. With ARTIFACTS_ORIGIN this request reached that host, so the
    // app's origin is PUBLIC_URL's; without, the app is this very host.
    const app = config.artifacts.origin ? (config.publicUrl ? new URL(config.publicUrl).origin : null) : appOrigin(config, request)
    sandboxHeaders(reply, sandboxPagePolicy([scripts.bootstrap, scripts.runtime], app === null ? [] : [app]))
    return reply.type('text/html; charset=utf-8').send(sandboxPage(scripts))
  })

  const access = chatAccess(app)
  app.get<{ Params: Static<typeof ViewParams>; Querystring: Static<typeof ViewQuery> }>(
    '/sandbox/view/:chatId/:artifactId',
    {
      schema: {
        tags: ['artifacts'],
        summary: 'An artifact version in a tab of its own, as an opaque origin with no network',
        params: ViewParams,
        querystring: ViewQuery,
        response: { 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { chatId, artifactId } = request.params
      await access(request, chatId, 'read')
      const onPath = await app.artifacts.pathOf(chatId)
      const artifact = await app.artifacts.get(chatId, artifactId, { onPath, version: request.query.version })
      if (!artifact) throw artifactNotFound()
      if (artifact.kind === 'html') {
        sandboxHeaders(reply, viewPolicy('inline'))
        return reply.type('text/html; charset=utf-8').send(artifact.content)
      }
      if (artifact.kind === 'svg') {
        sandboxHeaders(reply, viewPolicy('none'))
        return reply.type('image/svg+xml; charset=utf-8').send(artifact.content)
      }
      if (artifact.kind === 'react') {
        const scripts = scriptsFor(request)
        sandboxHeaders(reply, viewPolicy([scripts.bootstrap, scripts.runtime]))
        return reply.type('text/html; charset=utf-8').send(sandboxPage(scripts, { kind: 'react', content: artifact.content }))
      }
      throw new AppError(400, 'ARTIFACT_NOT_VIEWABLE', `A ${artifact.kind} artifact has no page of its own: only html, svg and react artifacts open in a tab.`)
    },
  )
}
