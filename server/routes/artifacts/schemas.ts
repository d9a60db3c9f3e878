// The artifact routes' schemas (TypeBox), in the shapes of shared/artifacts.ts.
import { Type } from 'typebox'
import { ARTIFACT_KINDS } from '../../../shared/artifacts.ts'
import { Id, NO_NUL } from '../chats/common.ts'

export { ErrorBody } from '../chats/common.ts'

// Ids are ours (services/artifacts/artifact-input.ts makes them); any other shape is not one.
export const ArtifactId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })
export const ArtifactParams = Type.Object({ id: Id, artifactId: ArtifactId })

const Kind = Type.Union(ARTIFACT_KINDS.map((kind) => Type.Literal(kind)))
const Author = Type.Union([Type.Literal('model'), Type.Literal('user')])
const Versions = Type.Array(Type.Integer({ minimum: 1 }))

export const ArtifactSummary = Type.Object({
  artifactId: Type.String(),
  kind: Kind,
  title: Type.String(),
  language: Type.Optional(Type.String()),
  version: Type.Integer({ minimum: 1 }),
  versions: Versions,
  updatedAt: Type.Number(),
})

export const ArtifactList = Type.Object({ artifacts: Type.Array(ArtifactSummary) })

export const ArtifactVersionResponse = Type.Object({
  artifactId: Type.String(),
  chatId: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  kind: Kind,
  title: Type.String(),
  language: Type.Optional(Type.String()),
  content: Type.String(),
  author: Author,
  messageId: Type.String(),
  createdAt: Type.Number(),
  versions: Versions,
})

export const VersionQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })) })

/** Bounds here are the wire's; the store checks the real ones (title length, ARTIFACT_MAX_BYTES) with messages of their own. */
export const ArtifactSaveRequest = Type.Object(
  {
    content: Type.String({ pattern: NO_NUL }),
    title: Type.Optional(Type.String({ maxLength: 1_000, pattern: NO_NUL })),
    baseVersion: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  },
  { additionalProperties: false },
)
