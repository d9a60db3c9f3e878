// GET /api/_nuxt_icon/{collection}.json?icons=a,b (docs/product-contract.md): the requested icons of one collection
// in Iconify JSON, aliases with the icons they lead to, `not_found` for unknown names. Answers are
// the same for everyone and change only with a new icon set, so browsers and CDNs keep them long.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ICON_API_PATH, ICON_MAX_PER_REQUEST } from '../../../shared/constants.ts'
import { AppError } from '../../../shared/errors.ts'
import { isIconName } from '../../../shared/icons.ts'
import { UpstreamError } from '../../services/icons/icon-store.ts'
import { takeAttempt } from '../take-attempt.ts'

const NAME = '[a-z0-9]+(-[a-z0-9]+)*'
/** A week fresh, then a day of stale-while-revalidate: icon sets hardly ever change. */
export const ICON_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400'
/** A stale upstream answer (the service is failing) should be asked for again soon. */
const STALE_CACHE_CONTROL = 'public, max-age=300'

const Dimensions = {
  left: Type.Optional(Type.Number()),
  top: Type.Optional(Type.Number()),
  width: Type.Optional(Type.Number()),
  height: Type.Optional(Type.Number()),
}
const Transformations = {
  rotate: Type.Optional(Type.Integer()),
  hFlip: Type.Optional(Type.Boolean()),
  vFlip: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
}

const Params = Type.Object({ collection: Type.String({ pattern: `^${NAME}$` }) })
const Query = Type.Object({
  icons: Type.String({ minLength: 1, pattern: `^${NAME}(,${NAME}){0,${ICON_MAX_PER_REQUEST - 1}}$` }),
})
export const IconSetReply = Type.Object({
  prefix: Type.String(),
  icons: Type.Record(Type.String(), Type.Object({ body: Type.String(), ...Dimensions, ...Transformations })),
  aliases: Type.Optional(Type.Record(Type.String(), Type.Object({ parent: Type.String(), ...Dimensions, ...Transformations }))),
  ...Dimensions,
  lastModified: Type.Optional(Type.Number()),
  not_found: Type.Optional(Type.Array(Type.String())),
})
const ErrorReply = Type.Object({ statusCode: Type.Integer(), code: Type.String(), message: Type.String() })

function quote(value: string): string {
  return JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value)
}

const NAME_RULE = 'use lowercase letters and digits, in words joined by single hyphens'

/**
 * The schema alone would answer every bad request with one generic pattern message; this names
 * the actual problem (which name is wrong, how many were asked for). The schema stays the contract.
 */
export function iconRequestProblem(collection: unknown, icons: unknown): AppError | null {
  if (typeof collection !== 'string' || !isIconName(collection)) {
    return new AppError(400, 'INVALID_ICON_COLLECTION', `Invalid icon collection ${quote(String(collection))}: ${NAME_RULE}, like "lucide" or "simple-icons"`)
  }
  if (icons === undefined || icons === '') {
    return new AppError(400, 'MISSING_ICONS', 'The query parameter "icons" is required: a comma-separated list of icon names, like ?icons=house,settings')
  }
  if (typeof icons !== 'string') {
    return new AppError(400, 'INVALID_ICONS', 'The query parameter "icons" must be given once, as a comma-separated list of icon names')
  }
  const names = icons.split(',')
  const bad = names.find((name) => !isIconName(name))
  if (bad !== undefined) {
    return new AppError(400, 'INVALID_ICON_NAME', bad === '' ? `Empty icon name in icons=${quote(icons)}` : `Invalid icon name ${quote(bad)}: ${NAME_RULE}`)
  }
  if (names.length > ICON_MAX_PER_REQUEST) {
    return new AppError(400, 'TOO_MANY_ICONS', `Too many icons: ${names.length} requested, at most ${ICON_MAX_PER_REQUEST} per request`)
  }
  return null
}

export default async function iconRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // What one client address may make us ask the upstream: answers from memory do not count.
  const upstreamPerIp = app.attemptCounter('icons-upstream', { max: app.config.iconsUpstreamPerIpPerMinute, windowMs: 60_000 })
  // The store hands out the same object for a repeated local request: its JSON (made by this
  // route's response schema) is kept with it, and lives exactly as long as the store keeps it.
  const serialized = new WeakMap<object, string>()
  app.get(
    `${ICON_API_PATH}/:collection.json`,
    {
      schema: {
        params: Params,
        querystring: Query,
        response: { 200: IconSetReply, '4xx': ErrorReply, '5xx': ErrorReply },
      },
      async onRequest(_request: FastifyRequest, reply: FastifyReply) {
        // Errors must not be cached like answers are.
        reply.header('cache-control', 'no-store')
      },
      async preValidation(request: FastifyRequest) {
        const problem = iconRequestProblem(
          (request.params as { collection?: unknown }).collection,
          (request.query as { icons?: unknown }).icons,
        )
        if (problem) throw problem
      },
    },
    async (request, reply) => {
      const { collection } = request.params
      const beforeUpstream = () =>
        takeAttempt(upstreamPerIp, request.ip, reply, 'ICON_RATE_LIMITED', (s) => `Too many requests for icons not cached here. Try again in ${s} seconds.`)
      const answer = await app.icons.get(collection, request.query.icons.split(','), { beforeUpstream }).catch((error: unknown) => {
        // Refusals of our own (unknown collection, rate limit) are not the upstream's failures.
        if (!(error instanceof AppError && error.statusCode < 500)) app.metrics.upstreamErrors.inc({ upstream: 'icons', kind: upstreamErrorKind(error) })
        throw error
      })
      app.metrics.iconRequests.inc({ source: answer.source })
      if (answer.source === 'stale') app.metrics.upstreamErrors.inc({ upstream: 'icons', kind: 'served-stale' })
      if (answer.source === 'stale') {
        request.log.warn({ collection }, 'icons: the icon service failed; serving its last answer')
        reply.header('cache-control', STALE_CACHE_CONTROL)
      } else {
        reply.header('cache-control', ICON_CACHE_CONTROL)
      }
      let json = serialized.get(answer.body)
      if (json === undefined) {
        json = reply.serializeInput(answer.body as unknown as Record<string, unknown>, '200') as string
        serialized.set(answer.body, json)
      }
      // A string with a JSON content type is sent as it is (already serialised by the schema above).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json)
    },
  )
}

/** A metric label for a failed icon upstream call: its HTTP status, or what happened instead. */
function upstreamErrorKind(error: unknown): string {
  if (!(error instanceof UpstreamError)) return 'other'
  if (error.status !== undefined) return `http-${error.status}`
  return /timed? ?out/i.test(error.reason) ? 'timeout' : 'network'
}
