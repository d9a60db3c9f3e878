// Projects: groups of chats with their own instructions. Only their owner sees or changes them;
// anyone else gets 404, as for a chat.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { PROJECT_NAME_MAX_CHARS, PROJECTS_MAX, SYSTEM_PROMPT_MAX_CHARS } from '../../../shared/personal.ts'
import { ErrorBody, NO_NUL, Params, Project, ownProject } from '../chats/common.ts'

// Checked in the handlers (trimmed), so that the errors name the limits.
const Name = Type.String({ maxLength: 1000, pattern: NO_NUL })
const Instructions = Type.String({ maxLength: 100_000, pattern: NO_NUL })

function checkedName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > PROJECT_NAME_MAX_CHARS) throw new AppError(400, 'BAD_NAME', `A project's name must be 1 to ${PROJECT_NAME_MAX_CHARS} characters (after trimming spaces).`)
  return trimmed
}

function checkedInstructions(instructions: string): string {
  const trimmed = instructions.trim()
  if (trimmed.length > SYSTEM_PROMPT_MAX_CHARS) throw new AppError(400, 'INSTRUCTIONS_TOO_LONG', `The instructions are ${trimmed.length} characters long; the limit is ${SYSTEM_PROMPT_MAX_CHARS}.`)
  return trimmed
}

export default async function projectRoutes(app: FastifyInstance) {
  app.get('/api/projects', { schema: { response: { 200: Type.Object({ projects: Type.Array(Project) }) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const ownerId = await request.peekOwnerId()
    return { projects: ownerId === null ? [] : await app.projects.list(ownerId) }
  })

  app.get<{ Params: Static<typeof Params> }>('/api/projects/:id', { schema: { params: Params, response: { 200: Project, 404: ErrorBody } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { ownerId: _owner, ...project } = await ownProject(request, request.params.id)
    return project
  })

  app.post<{ Body: { name: string; instructions?: string } }>(
    '/api/projects',
    {
      schema: {
        body: Type.Object({ name: Name, instructions: Type.Optional(Instructions) }, { additionalProperties: false }),
        response: { 201: Project, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const name = checkedName(request.body.name)
      const instructions = checkedInstructions(request.body.instructions ?? '')
      const ownerId = await request.getOwnerId()
      if ((await app.projects.count(ownerId)) >= PROJECTS_MAX) throw new AppError(409, 'TOO_MANY_PROJECTS', `You have ${PROJECTS_MAX} projects, the most there can be: delete one first.`)
      return reply.code(201).send(await app.projects.create({ id: randomUUID(), ownerId, name, instructions }))
    },
  )

  app.patch<{ Params: Static<typeof Params>; Body: { name?: string; instructions?: string } }>(
    '/api/projects/:id',
    {
      schema: {
        params: Params,
        body: Type.Object({ name: Type.Optional(Name), instructions: Type.Optional(Instructions) }, { additionalProperties: false }),
        response: { 200: Project, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await ownProject(request, request.params.id)
      const { name, instructions } = request.body
      // The response schema sends the project's own fields only.
      return (await app.projects.update(request.params.id, {
        ...(name !== undefined && { name: checkedName(name) }),
        ...(instructions !== undefined && { instructions: checkedInstructions(instructions) }),
      }))!
    },
  )

  // Its chats stay, outside any project.
  app.delete<{ Params: Static<typeof Params> }>('/api/projects/:id', { schema: { params: Params, response: { 404: ErrorBody } } }, async (request, reply) => {
    await ownProject(request, request.params.id)
    await app.projects.remove(request.params.id)
    return reply.code(204).send()
  })
}
