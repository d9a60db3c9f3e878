// The models a chat may use and the default, for the model picker.
import type { FastifyInstance } from 'fastify'
import { MODELS_API_PATH, ModelsReplySchema, type ModelsReply } from '../../../shared/models.ts'

export default async function modelRoutes(app: FastifyInstance) {
  app.get(MODELS_API_PATH, { schema: { response: { 200: ModelsReplySchema } } }, async (_request, reply): Promise<ModelsReply> => {
    // Discovered lists change; let the browser ask again rather than keep a stale picker.
    reply.header('cache-control', 'no-cache')
    const models = await app.llm.list()
    return { models, defaultModel: models.find((model) => model.default)!.id }
  })
}
