// The documented HTTP API: an OpenAPI 3.1 document generated from the route schemas
// (@fastify/swagger) at /api/openapi.json, and an interactive reference (Swagger UI) at /api/docs.
// Registered before the routes: it learns each route as it is added. Only /api routes are in it;
// pages, sign-in redirects, health and metrics are not an API for scripts.
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import { Type } from 'typebox'
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import { ROUTE_DOCS, openApiPath, type RouteDoc } from '../openapi/route-docs.ts'
import { NOT_FOR_TOKENS } from './session.ts'

export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'

const DESCRIPTION = `The chat's HTTP API: what its pages use, for scripts too.

**Authentication.** A browser uses its session cookie (state-changing requests must come from the
app's own pages). A script sends a personal API token, made in Settings → API tokens:
\`Authorization: Bearer chat_…\`. A token acts as its user on chats, messages, files, projects,
settings and models, with the same ownership rules and rate limits; it cannot manage the account
or its tokens, or import.

**Errors** are JSON: \`{ "statusCode": 404, "code": "NOT_FOUND", "message": "…" }\`. Another
user's chat or file is a 404, never a 403.`

export default fp(
  async function openapi(app) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Chat API', version: '1.0.0', description: DESCRIPTION },
        components: {
          securitySchemes: {
            apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (Settings → API tokens)' },
            session: { type: 'apiKey', in: 'cookie', name: 'chat_session', description: "The browser's session cookie" },
          },
        },
        security: [{ apiToken: [] }, { session: [] }],
      },
      transform({ schema, url, route }) {
        const documented = url.startsWith('/api/') && !url.startsWith(API_DOCS_PATH)
        if (!documented) return { schema: { ...schema, hide: true }, url }
        const method = [route.method].flat().find((name) => name !== 'HEAD') ?? 'GET'
        const errors = [401, ...(NOT_FOR_TOKENS.some((prefix) => url.startsWith(prefix)) ? [403] : [])]
        return { schema: withRouteDoc(schema, ROUTE_DOCS[`${method} ${openApiPath(url)}`], errors), url }
      },
    })

    app.get(
      OPENAPI_PATH,
      { schema: { summary: 'This document (OpenAPI 3.1)', tags: ['Meta'], response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true }) } } },
      async (request, reply) => {
        // It depends on who asks (administrators see the admin API): never cached.
        reply.header('cache-control', 'no-store')
        return documentFor(app.swagger() as OpenApiDocument, await seesAdminApi(request))
      },
    )

    // The reference's own code (Swagger UI) is loaded only by whoever opens it. It serves its own
    // copy of the document (/api/docs/json, /api/docs/yaml) under the same rule, decided before its
    // synchronous transform runs.
    const adminRequests = new WeakSet<FastifyRequest>()
    await app.register(import('@fastify/swagger-ui'), {
      routePrefix: API_DOCS_PATH,
      uiHooks: {
        preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
          if (!/\/(json|yaml)$/.test(request.routeOptions.url ?? '')) return
          reply.header('cache-control', 'no-store')
          if (await seesAdminApi(request)) adminRequests.add(request)
        },
      },
      transformSpecification: (document: Record<string, unknown>, request: FastifyRequest) => documentFor(document as OpenApiDocument, adminRequests.has(request)),
      uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
      theme: { title: 'Chat API reference' },
      // Its page alone may use its own scripts and styles (Swagger UI sets inline styles).
      staticCSP:
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    })
  },
  { name: 'openapi' },
)

const ADMIN_API_PREFIX = '/api/admin'
const ADMIN_TAG = 'Admin'

interface OpenApiDocument {
  paths?: Record<string, unknown>
  tags?: Array<{ name: string }>
  [key: string]: unknown
}

/**
 * The admin API answers 404 to everyone but an administrator signed in with a browser (a token
 * cannot use it), to hide that it exists; its paths are in the document for them alone.
 */
async function seesAdminApi(request: FastifyRequest): Promise<boolean> {
  if (request.viaApiToken) return false
  return Boolean((await request.getUser())?.admin)
}

/** The document as this requester may read it: without the admin paths unless an administrator asks. */
function documentFor(document: OpenApiDocument, admin: boolean): OpenApiDocument {
  if (admin) return document
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => path !== ADMIN_API_PREFIX && !path.startsWith(`${ADMIN_API_PREFIX}/`)))
  const tags = document.tags?.filter((tag) => tag.name !== ADMIN_TAG)
  return { ...document, paths, ...(tags ? { tags } : {}) }
}

const ERROR_BODY = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: { statusCode: { type: 'integer' }, code: { type: 'string' }, message: { type: 'string' } },
  examples: [{ statusCode: 404, code: 'CHAT_NOT_FOUND', message: 'This chat does not exist, or it is not yours.' }],
}

const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid (the message names the field)',
  401: 'Sign in first, or the API token is not valid (revoked, mistyped, or its account disabled)',
  403: "Not allowed: the server's policy, or a route API tokens may not use (the code says which)",
  404: 'Not found, or not yours',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Too many requests or quota used up (Retry-After says when to try again)',
  502: 'An upstream service failed',
}

/** The route's schema with its documentation merged in (copies: the schemas that validate stay as they are). */
function withRouteDoc(schema: FastifySchema, doc: RouteDoc | undefined, tokenErrors: number[]) {
  if (!doc) return schema
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) }
  // Any route: a Bearer token that does not hold is a 401; where tokens may not go, a 403.
  for (const status of [...doc.errors, ...tokenErrors]) response[status] ??= { ...ERROR_BODY, description: ERROR_MEANINGS[status] ?? 'Error' }
  for (const [status, value] of Object.entries(response)) {
    if (/^[45]/.test(status) && value && typeof value === 'object' && !('description' in value)) response[status] = { ...value, description: ERROR_MEANINGS[Number(status)] ?? 'Error' }
  }
  if (doc.noContent) response[204] = { type: 'null', description: 'Done; no body' }
  if (doc.success) response[doc.success.status] ??= { description: doc.success.description, content: { [doc.success.mediaType]: { schema: { type: 'string' } } } }
  if (doc.responseExample !== undefined) {
    const success = Object.keys(response).find((status) => status.startsWith('2') && status !== '204')
    if (success) response[success] = { ...(response[success] as object), examples: [doc.responseExample] }
  }
  const body = doc.bodyExample !== undefined && schema.body ? { ...(schema.body as object), examples: [doc.bodyExample] } : schema.body
  return { ...schema, summary: doc.summary, tags: [doc.tag], ...(doc.description ? { description: doc.description } : {}), ...(body ? { body } : {}), response: asJsonSchema2020(response) }
}

/**
 * TypeBox writes tuples the draft-07 way (`items: [a, b]`); OpenAPI 3.1 speaks JSON Schema 2020-12,
 * where that is `prefixItems`. A copy for the document: the validators keep what they compiled.
 */
function asJsonSchema2020<T>(value: T): T {
  if (Array.isArray(value)) return value.map(asJsonSchema2020) as T
  if (!value || typeof value !== 'object') return value
  const copy: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) copy[key] = asJsonSchema2020(child)
  if (Array.isArray(copy.items)) {
    copy.prefixItems = copy.items
    copy.items = copy.additionalItems === false ? false : undefined
    delete copy.additionalItems
    if (copy.items === undefined) delete copy.items
  }
  return copy as T
}
