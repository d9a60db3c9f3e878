// What the OpenAPI document says about the artifact routes (server/routes/artifacts), beside the
// other routes' table in route-docs.ts.
import type { RouteDoc } from './route-docs.ts'

const RATE_LIMITED = 429

export const ARTIFACT_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/chats/{id}/artifacts': {
    summary: "The chat's artifacts on the branch it shows (documents, code, pages, diagrams…), each at its newest version there",
    tag: 'Chats',
    description: 'Yours, or those of a public chat. A version belongs to the message that made it: another branch of the chat has versions of its own.',
    errors: [400, 404],
    responseExample: { artifacts: [{ artifactId: 'k7m2x9qpa4rt', kind: 'document', title: 'Trip plan', version: 3, versions: [1, 3], updatedAt: 1764115200000 }] },
  },
  'GET /api/chats/{id}/artifacts/{artifactId}': {
    summary: 'One version of an artifact (`version`, default the newest on the branch the chat shows), with the version numbers on that branch',
    tag: 'Chats',
    errors: [400, 404],
  },
  'POST /api/chats/{id}/artifacts/{artifactId}': {
    summary: 'Save your edit of an artifact as a new version (never an overwrite)',
    tag: 'Chats',
    description:
      '`baseVersion` is the version you edited: when a newer one was made on this branch meanwhile, the answer is 409 ARTIFACT_VERSION_CONFLICT and nothing is stored. Content over ARTIFACT_MAX_BYTES is 413 ARTIFACT_TOO_LARGE; a bad title is 422 ARTIFACT_INVALID. Only the owner may save (a public chat is read-only to others).',
    errors: [400, 403, 404, 409, 413, 422, RATE_LIMITED],
    bodyExample: { content: '# Trip plan\n\nDay 1: Alfama.', baseVersion: 3 },
  },
}
