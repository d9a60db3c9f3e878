// The models a chat can use, as `GET /api/models` answers them. Shared so the model
// picker and the server agree on the shape.
import { Type, type Static } from 'typebox'

export const MODELS_API_PATH = '/api/models'

export const MODEL_PROVIDERS = ['offline', 'openai-compatible', 'anthropic', 'google'] as const
export type ModelProvider = (typeof MODEL_PROVIDERS)[number]

export const ModelInfoSchema = Type.Object(
  {
    /** `offline`, or `{provider}:{model}`: `openai:llama3.2`, `anthropic:claude-sonnet-4-5`, `google:gemini-2.5-flash`. */
    id: Type.String({ minLength: 1 }),
    provider: Type.Union([Type.Literal('offline'), Type.Literal('openai-compatible'), Type.Literal('anthropic'), Type.Literal('google')]),
    /** What the model picker shows. */
    label: Type.String({ minLength: 1 }),
    /** Exactly one listed model is the default. */
    default: Type.Boolean(),
  },
  { additionalProperties: false },
)

export const ModelsReplySchema = Type.Object(
  {
    models: Type.Array(ModelInfoSchema),
    defaultModel: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
)

export type ModelInfo = Static<typeof ModelInfoSchema>
export type ModelsReply = Static<typeof ModelsReplySchema>
