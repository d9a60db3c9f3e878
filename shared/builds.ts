// Build manifest files of the update check (docs/product-contract.md): `latest.json` names the build the server
// runs; `meta/{id}.json` describes one build and never changes.
import { Type, type Static } from 'typebox'

/** A build id: hex from the build's content hash, or a per-process id in development. */
export const BUILD_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$'

export const BuildInfoSchema = Type.Object(
  {
    id: Type.String({ pattern: BUILD_ID_PATTERN }),
    /** When it was built, in milliseconds since the epoch. */
    timestamp: Type.Number(),
  },
  { additionalProperties: false },
)

export const BuildMetaSchema = Type.Object(
  {
    id: Type.String(),
    timestamp: Type.Number(),
    /** Route rules matcher; we have no route rules yet, so it is left out. */
    matcher: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** Prerendered paths; nothing is prerendered (every page is rendered per request). */
    prerendered: Type.Array(Type.String()),
  },
  { additionalProperties: false },
)

export type BuildInfo = Static<typeof BuildInfoSchema>
export type BuildMeta = Static<typeof BuildMetaSchema>
