// Model providers: decorates `app.llm` with the model registry the chat routes use to
// list models and to get the AI SDK model for a chat.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createModelRegistry, type ModelRegistry } from '../services/llm/registry.ts'

declare module 'fastify' {
  interface FastifyInstance {
    llm: ModelRegistry
  }
}

export default fp(
  async function llm(app, options: { config: AppConfig }) {
    const { llm: config } = options.config
    const registry = createModelRegistry({ config, log: app.log })
    const providers = [
      config.openai && `OpenAI-compatible at ${new URL(config.openai.baseUrl).origin}${config.openai.models ? '' : ' (models discovered from /models)'}`,
      config.anthropic && 'Anthropic',
      config.google && 'Google',
    ].filter(Boolean)
    app.log.info(
      { providers: providers.length > 0 ? providers : ['offline demo model'] },
      providers.length > 0 ? 'llm: model providers configured' : 'llm: no AI provider configured; chats use the offline demo model',
    )
    app.decorate('llm', registry)
  },
  { name: 'llm' },
)
