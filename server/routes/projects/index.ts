// Projects: groups of chats with their own instructions. Only their owner sees or changes them;
// anyone else gets 404, as for a chat.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { PROJECT_FILES_MAX, PROJECT_NAME_MAX_CHARS, PROJECTS_MAX, SYSTEM_PROMPT_MAX_CHARS, type ProjectFile } from '../../../shared/personal.ts'
import { ErrorBody, Id, NO_NUL, Params, Project, ownProject } from '../chats/common.ts'
import type { StoredFile } from '../../services/files/file-store.ts'

const FileView = Type.Object({ id: Type.String(), url: Type.String(), filename: Type.String(), mediaType: Type.String(), size: Type.Number() })
const toFile = (file: StoredFile): ProjectFile => ({ id: file.id, url: `/api/files/${file.id}`, filename: file.filename, mediaType: file.mediaType, size: file.size })

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

  // Its chats stay, outside any project; its files go with it.
  app.delete<{ Params: Static<typeof Params> }>('/api/projects/:id', { schema: { params: Params, response: { 404: ErrorBody } } }, async (request, reply) => {
    await ownProject(request, request.params.id)
    const files = await app.files.store.ofProject(request.params.id)
    await app.projects.remove(request.params.id)
    await app.files.remove(files.map((file) => file.id))
    return reply.code(204).send()
  })

  app.get<{ Params: Static<typeof Params> }>('/api/projects/:id/files', { schema: { params: Params, response: { 200: Type.Object({ files: Type.Array(FileView) }), 404: ErrorBody } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    await ownProject(request, request.params.id)
    return { files: (await app.files.store.ofProject(request.params.id)).map(toFile) }
  })

  // An upload (POST /api/files) becomes one of the project's files: its text goes to every chat of it.
  app.post<{ Params: Static<typeof Params>; Body: { fileId: string } }>(
    '/api/projects/:id/files',
    { schema: { params: Params, body: Type.Object({ fileId: Id }, { additionalProperties: false }), response: { 200: Type.Object({ files: Type.Array(FileView) }), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody } } },
    async (request) => {
      const project = await ownProject(request, request.params.id)
      const file = await app.files.store.get(request.body.fileId)
      if (!file || file.ownerId !== project.ownerId) throw new AppError(400, 'UNKNOWN_FILE', 'That file is not one of your uploads: upload it with POST /api/files first.')
      if (file.chatId || (file.projectId && file.projectId !== project.id)) throw new AppError(400, 'FILE_IN_USE', `“${file.filename}” is already in a chat or another project: upload it again.`)
      const files = await app.files.store.ofProject(project.id)
      if (!file.projectId && files.length >= PROJECT_FILES_MAX) throw new AppError(409, 'TOO_MANY_FILES', `A project holds at most ${PROJECT_FILES_MAX} files: remove one first.`)
      await app.files.store.attachToProject(file.id, project.id)
      return { files: (await app.files.store.ofProject(project.id)).map(toFile) }
    },
  )

  app.delete<{ Params: Static<typeof Params> & { fileId: string } }>(
    '/api/projects/:id/files/:fileId',
    { schema: { params: Type.Object({ id: Id, fileId: Id }), response: { 200: Type.Object({ files: Type.Array(FileView) }), 404: ErrorBody } } },
    async (request) => {
      await ownProject(request, request.params.id)
      const file = await app.files.store.get(request.params.fileId)
      if (!file || file.projectId !== request.params.id) throw new AppError(404, 'FILE_NOT_FOUND', 'This project has no such file.')
      await app.files.remove([file.id])
      return { files: (await app.files.store.ofProject(request.params.id)).map(toFile) }
    },
  )
}
