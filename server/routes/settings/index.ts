// The settings dialog's API: custom instructions and the default model, per owner (a user, or the
// anonymous visitor until sign-in moves them). The colour mode stays in the browser.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { INSTRUCTIONS_MAX_CHARS } from '../../../shared/personal.ts'
import { ErrorBody, NO_NUL } from '../chats/common.ts'

const Settings = Type.Object({ instructions: Type.String(), defaultModel: Type.Union([Type.String(), Type.Null()]) })

export default async function settingsRoutes(app: FastifyInstance) {
  app.get('/api/settings', { schema: { response: { 200: Settings } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const ownerId = await request.peekOwnerId()
    return ownerId === null ? { instructions: '', defaultModel: null } : app.settings.get(ownerId)
  })

  app.patch<{ Body: { instructions?: string; defaultModel?: string | null } }>(
    '/api/settings',
    {
      schema: {
        body: Type.Object(
          {
            // Checked below, so that a long text is refused with its length.
            instructions: Type.Optional(Type.String({ maxLength: 100_000, pattern: NO_NUL })),
            // null: the server's default.
            defaultModel: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: { 200: Settings, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { instructions, defaultModel } = request.body
      const changes: { instructions?: string; defaultModel?: string | null } = {}
      if (instructions !== undefined) {
        const trimmed = instructions.trim()
        if (trimmed.length > INSTRUCTIONS_MAX_CHARS) throw new AppError(400, 'INSTRUCTIONS_TOO_LONG', `The instructions are ${trimmed.length} characters long; the limit is ${INSTRUCTIONS_MAX_CHARS}.`)
        changes.instructions = trimmed
      }
      if (defaultModel !== undefined) {
        if (defaultModel !== null && !(await app.llm.list()).some((model) => model.id === defaultModel)) {
          throw new AppError(400, 'UNKNOWN_MODEL', `“${defaultModel}” is not one of the models on offer (GET /api/models lists them).`)
        }
        changes.defaultModel = defaultModel
      }
      return app.settings.update(await request.getOwnerId(), changes)
    },
  )
}
