// Artifacts: what an answer makes beside the chat (a document, a page, an SVG, a diagram, a React
// component, a table), shown in the side panel, with every version kept. This file is the contract
// between the server (store, routes, tools), the panel and the sandbox that runs previews.

export const ARTIFACT_KINDS = ['document', 'code', 'html', 'svg', 'mermaid', 'react', 'table'] as const
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number]

/** Who wrote a version: the model (through its tools) or the user (saving an edit in the panel). */
export type ArtifactAuthor = 'model' | 'user'

/** Names the tools have for the model and as stored tool parts (`tool-create_artifact`). */
export const CREATE_ARTIFACT_TOOL = 'create_artifact'
export const UPDATE_ARTIFACT_TOOL = 'update_artifact'

export const ARTIFACT_TITLE_MAX_CHARS = 120
export const ARTIFACT_LANGUAGE_MAX_CHARS = 40
/** Edits one update may carry. */
export const ARTIFACT_MAX_EDITS = 50

/** Kinds that run in the sandbox (their preview is code of the artifact's own); the others render in the app. */
export const SANDBOXED_KINDS: readonly ArtifactKind[] = ['html', 'svg', 'react']

/** The file extension a download gets (code: from its language, else `.txt`). */
export const ARTIFACT_EXTENSIONS: Record<Exclude<ArtifactKind, 'code'>, string> = {
  document: 'md',
  html: 'html',
  svg: 'svg',
  mermaid: 'mmd',
  react: 'jsx',
  table: 'csv',
}

/** One version of an artifact, as the API returns it. */
export interface ArtifactVersion {
  artifactId: string
  chatId: string
  /** 1, 2, 3… in the order they were made, across every branch of the chat. */
  version: number
  kind: ArtifactKind
  title: string
  /** Code artifacts: the language ("python", "tsx"); absent for other kinds. */
  language?: string
  content: string
  author: ArtifactAuthor
  /** The message this version belongs to: the answer that made it, or the message a user's edit was saved on. */
  messageId: string
  createdAt: number
}

/** An artifact as the chat's current branch sees it (its newest version on that branch). */
export interface ArtifactSummary {
  artifactId: string
  kind: ArtifactKind
  title: string
  language?: string
  /** The newest version on this branch. */
  version: number
  /** Every version number on this branch, oldest first (the switcher's `2 / 5`). */
  versions: number[]
  updatedAt: number
}

/** GET /api/chats/:id/artifacts */
export interface ArtifactList {
  artifacts: ArtifactSummary[]
}

/** GET /api/chats/:id/artifacts/:artifactId?version=N (N absent: the newest on the branch). */
export interface ArtifactVersionResponse extends ArtifactVersion {
  /** Every version number on the chat's current branch, oldest first. */
  versions: number[]
}

/** POST /api/chats/:id/artifacts/:artifactId: a user's new version. */
export interface ArtifactSaveRequest {
  content: string
  title?: string
  /** The version the user edited: a newer one made meanwhile is a 409, never overwritten. */
  baseVersion: number
}

/** Input of `create_artifact`, as the model writes it (and as its tool part stores it). */
export interface CreateArtifactInput {
  kind: ArtifactKind
  title: string
  content: string
  language?: string
}

/** Input of `update_artifact`: the whole new content, or exact find/replace edits. */
export interface UpdateArtifactInput {
  id: string
  title?: string
  content?: string
  edits?: Array<{ find: string; replace: string }>
}

/**
 * A settled artifact call's input as the message stores it: the content itself is in the artifact's
 * versions (the card and the panel read it from there), so only its size is kept.
 */
export interface StoredArtifactInput {
  id?: string
  kind?: ArtifactKind
  title?: string
  language?: string
  /** The content the call carried, in bytes of UTF-8. */
  contentBytes?: number
  /** update_artifact with edits: how many it carried. */
  editCount?: number
}

/** Output of both tools (what the card shows once the version is stored). */
export interface ArtifactToolOutput {
  artifactId: string
  version: number
  kind: ArtifactKind
  title: string
  language?: string
  bytes: number
  /** update_artifact with edits: how many were applied. */
  edits?: number
}

// The sandbox's message channel. The panel posts `render` into the iframe; the sandbox posts back
// only what it saw (ready, rendered, an error, a heartbeat). Nothing the sandbox sends makes the app
// act: the app checks each message's shape, its source window and its origin ('null', or
// ARTIFACTS_ORIGIN), and the buttons that act on an error ("Ask to fix") are the user's.

export const SANDBOX_PATH = '/sandbox/artifact'

export type ToSandbox = { type: 'artifact:render'; renderId: number; kind: ArtifactKind; content: string; theme: 'light' | 'dark' }

export type FromSandbox =
  | { type: 'artifact:ready' }
  | { type: 'artifact:rendered'; renderId: number }
  | { type: 'artifact:error'; renderId: number; message: string }
  /** About twice a second while the sandbox's thread is free: a missing beat means a loop that does not end. */
  | { type: 'artifact:heartbeat' }

/** A message from the sandbox, or null for anything that is not one (checked field by field). */
export function readSandboxMessage(data: unknown): FromSandbox | null {
  if (!data || typeof data !== 'object') return null
  const message = data as Record<string, unknown>
  switch (message.type) {
    case 'artifact:ready':
    case 'artifact:heartbeat':
      return { type: message.type }
    case 'artifact:rendered':
      return Number.isSafeInteger(message.renderId) ? { type: 'artifact:rendered', renderId: message.renderId as number } : null
    case 'artifact:error':
      return Number.isSafeInteger(message.renderId) && typeof message.message === 'string'
        ? { type: 'artifact:error', renderId: message.renderId as number, message: message.message.slice(0, 4_000) }
        : null
    default:
      return null
  }
}
