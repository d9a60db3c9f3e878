// The model's artifact tools: `create_artifact` makes version 1 of a document, code, page, SVG,
// diagram, component or table shown in the panel beside the chat; `update_artifact` makes a new
// version, from the whole new content or from exact find/replace edits (apply-edits.ts). They are
// built per answer: a version belongs to the answer that made it, and an update sees only the
// artifacts on that answer's branch (another chat's or another branch's id is "not found").
import { Type } from 'typebox'
import {
  ARTIFACT_KINDS,
  ARTIFACT_LANGUAGE_MAX_CHARS,
  ARTIFACT_MAX_EDITS,
  ARTIFACT_TITLE_MAX_CHARS,
  CREATE_ARTIFACT_TOOL,
  UPDATE_ARTIFACT_TOOL,
  type ArtifactToolOutput,
  type ArtifactVersion,
  type CreateArtifactInput,
  type StoredArtifactInput,
  type UpdateArtifactInput,
} from '../../../shared/artifacts.ts'
import type { ToolInfo } from '../../../shared/page-data.ts'
import type { ChatTool } from '../tools/tool-types.ts'
import { ToolError } from '../tools/tool-types.ts'
import { applyEdits } from './apply-edits.ts'
import { ArtifactError, type ArtifactStore } from './artifact-store.ts'

/** The Tools control's one switch (and AI_TOOLS' name) for both tools. */
export const ARTIFACTS_SWITCH = 'artifacts'

export const ARTIFACTS_TOOL_INFO: ToolInfo = {
  name: ARTIFACTS_SWITCH,
  label: 'Artifacts',
  group: 'Built-in',
  description: 'Makes and updates documents, code, pages, SVG images, diagrams, React components and tables in a panel beside the chat, every version kept.',
  needsApproval: false,
}

/** What the tools of one answer need to know about it. */
export interface ArtifactAnswerContext {
  chatId: string
  /** The answer: the versions it makes belong to it. */
  messageId: string
  /** The message ids of the answer's branch, first message first, the answer itself included. */
  onPath: readonly string[]
  store: ArtifactStore
  /** ARTIFACT_MAX_BYTES. */
  maxBytes: number
}

const KIND_GUIDE = [
  'document: Markdown (headings, lists, tables, $math$) — a report, a plan, an essay, notes',
  'code: one source file in one language (set `language`, e.g. "python")',
  'html: a complete page with its CSS and JavaScript inline; it runs with no network, so nothing from a CDN',
  'svg: one <svg> element with a viewBox',
  'mermaid: a Mermaid diagram’s source (flowchart, sequenceDiagram, …), without a ``` fence',
  "react: one component in JSX with `export default`; `import React, { useState } from 'react'` works, no other imports; style it inline or with a <style> element",
  'table: CSV with a header row',
].join('; ')

const CREATE_DESCRIPTION = [
  'Makes an artifact: content shown in a panel beside the chat, where the user can read, run, edit and download it, with every version kept.',
  'Use it for substantial, self-contained content the user will likely keep, reuse or change (a page, a component, a diagram, a document or report, a script of more than about 15 lines, a data table), or when the user asks for one.',
  'Answer inline instead for short snippets, explanations, and conversation.',
  `To change an artifact that exists, call ${UPDATE_ARTIFACT_TOOL} with its id instead of making a new one.`,
  `Kinds — ${KIND_GUIDE}.`,
  'Put the whole content in `content` (no Markdown fence around it). Do not repeat the content in your answer: say in a sentence what you made.',
].join(' ')

const UPDATE_DESCRIPTION = [
  'Makes a new version of an artifact of this conversation (its id is in the system prompt or in the result of the call that made it); earlier versions are kept.',
  'Prefer `edits` for small changes: each is an exact find/replace, `find` copied exactly from the current content (spaces and line breaks included) and found exactly once, applied in order.',
  'Give the whole new `content` instead for a rewrite or when most of it changes. Give either `edits` or `content`, not both; `title` renames it (with or without a change to the content).',
  'A failed update changes nothing and says why: fix the call and try again.',
].join(' ')

const Kind = Type.Union(ARTIFACT_KINDS.map((kind) => Type.Literal(kind)), { description: 'What the artifact is (see the tool description)' })
const Title = Type.String({ minLength: 1, maxLength: ARTIFACT_TITLE_MAX_CHARS, description: 'A short name for the panel and the list' })

const CreateInput = Type.Object(
  {
    kind: Kind,
    title: Title,
    content: Type.String({ minLength: 1, description: 'The whole content, as the kind wants it' }),
    language: Type.Optional(Type.String({ maxLength: ARTIFACT_LANGUAGE_MAX_CHARS, description: 'code only: its language ("python", "tsx", "sql")' })),
  },
  { additionalProperties: false },
)

const UpdateInput = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'The artifact’s id' }),
    title: Type.Optional(Title),
    content: Type.Optional(Type.String({ description: 'The whole new content (instead of edits)' })),
    edits: Type.Optional(
      Type.Array(
        Type.Object(
          {
            find: Type.String({ minLength: 1, description: 'Text found exactly once in the current content' }),
            replace: Type.String({ description: 'What replaces it (may be empty)' }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: ARTIFACT_MAX_EDITS },
      ),
    ),
  },
  { additionalProperties: false },
)

/**
 * Versions one answer may make, both tools together: a page, its fixes and a few more. A model
 * looping (or steered by a page it read) would otherwise fill the owner's storage in one answer.
 */
export const ARTIFACT_VERSIONS_PER_ANSWER = 20

/** A tool's input is JSON text: an artifact at its largest, escaped, with room for the rest. */
export const artifactInputChars = (maxBytes: number) => 2 * maxBytes + 64 * 1024

/**
 * A settled call's input as its message keeps it: what the card shows, without the content (it is
 * in the artifact's versions; kept twice, two large artifacts would make one answer past what a
 * message may hold, and every page of the chat would carry them).
 */
export function storedInput(raw: unknown): StoredArtifactInput {
  const input = (raw ?? {}) as Partial<CreateArtifactInput & UpdateArtifactInput>
  const kept: StoredArtifactInput = {}
  if (typeof input.id === 'string') kept.id = input.id
  if (typeof input.kind === 'string') kept.kind = input.kind
  if (typeof input.title === 'string') kept.title = input.title
  if (typeof input.language === 'string') kept.language = input.language
  if (typeof input.content === 'string') kept.contentBytes = Buffer.byteLength(input.content)
  if (Array.isArray(input.edits)) kept.editCount = input.edits.length
  return kept
}

export function createArtifactTools(context: ArtifactAnswerContext): ChatTool[] {
  const { chatId, messageId, onPath, store, maxBytes } = context
  const common = { group: ARTIFACTS_TOOL_INFO.group, switchName: ARTIFACTS_SWITCH, maxInputChars: artifactInputChars(maxBytes), storedInput }
  let made = 0
  /**
   * Writes one version within the answer's allowance. It is counted before the write (the calls of
   * one step run side by side) and given back when the write is refused.
   */
  async function counted(write: () => Promise<ArtifactVersion>): Promise<ArtifactVersion> {
    if (made >= ARTIFACT_VERSIONS_PER_ANSWER) {
      throw new ToolError(`This answer has made ${ARTIFACT_VERSIONS_PER_ANSWER} artifact versions, the most one answer may. Nothing was stored: finish the answer in words; the user can ask for more.`)
    }
    made++
    try {
      return await stored(write)
    } catch (error) {
      made--
      throw error
    }
  }

  const create: ChatTool = {
    ...common,
    name: CREATE_ARTIFACT_TOOL,
    label: 'Create artifact',
    description: CREATE_DESCRIPTION,
    inputSchema: CreateInput as never,
    async execute(raw) {
      const input = raw as CreateArtifactInput
      checkSize(input.content, maxBytes, 'The content')
      const language = input.kind === 'code' ? input.language?.trim() || undefined : undefined
      const version = await counted(() => store.create({ chatId, messageId, kind: input.kind, title: input.title, content: input.content, author: 'model', ...(language ? { language } : {}) }))
      return outputOf(version)
    },
  }

  const update: ChatTool = {
    ...common,
    name: UPDATE_ARTIFACT_TOOL,
    label: 'Update artifact',
    description: UPDATE_DESCRIPTION,
    inputSchema: UpdateInput as never,
    async execute(raw) {
      const input = raw as UpdateArtifactInput
      if (input.content !== undefined && input.edits !== undefined) throw new ToolError('Give either `content` (the whole new content) or `edits`, not both. Nothing was changed.')
      if (input.content === undefined && input.edits === undefined && input.title === undefined) {
        throw new ToolError('Nothing to change: give `edits`, the whole new `content`, or a new `title`.')
      }
      const current = await store.get(chatId, input.id, { onPath })
      if (!current) throw new ToolError(`There is no artifact “${input.id}” in this conversation. Use the id of one listed in the system prompt or returned by ${CREATE_ARTIFACT_TOOL}.`)
      let content = current.content
      let applied: number | undefined
      if (input.edits) {
        const edited = applyEdits(current.content, input.edits)
        if (!edited.ok) throw new ToolError(`${edited.problem} (Artifact “${current.title}”, version ${current.version}.)`)
        content = edited.content
        applied = edited.applied
        checkSize(content, maxBytes, 'After these edits the content')
      } else if (input.content !== undefined) {
        checkSize(input.content, maxBytes, 'The new content')
        content = input.content
      }
      // Based on the version just read: a version the user saved meanwhile is never overwritten.
      const version = await counted(() =>
        store.addVersion({ chatId, artifactId: current.artifactId, messageId, content, author: 'model', onPath, baseVersion: current.version, ...(input.title !== undefined ? { title: input.title } : {}) }),
      )
      return outputOf(version, applied)
    },
  }

  return [create, update]
}

function outputOf(version: ArtifactVersion, edits?: number): ArtifactToolOutput {
  return {
    artifactId: version.artifactId,
    version: version.version,
    kind: version.kind,
    title: version.title,
    ...(version.language ? { language: version.language } : {}),
    bytes: Buffer.byteLength(version.content),
    ...(edits !== undefined ? { edits } : {}),
  }
}

function checkSize(content: string, maxBytes: number, what: string): void {
  const bytes = Buffer.byteLength(content)
  if (bytes > maxBytes) {
    throw new ToolError(`${what} would be ${formatBytes(bytes)}; an artifact may hold at most ${formatBytes(maxBytes)} (ARTIFACT_MAX_BYTES). Nothing was stored: make it smaller, or split it into several artifacts.`)
  }
}

/** The store's refusals are the model's to fix (a bad title, a conflict): told as such, never a crash. */
async function stored(write: () => Promise<ArtifactVersion>): Promise<ArtifactVersion> {
  try {
    return await write()
  } catch (error) {
    if (!(error instanceof ArtifactError)) throw error
    // Edits of a retry apply to the user's version, so calling again is safe.
    if (error.code === 'ARTIFACT_VERSION_CONFLICT') throw new ToolError(`The user saved a new version of this artifact just now. Nothing was stored: call ${UPDATE_ARTIFACT_TOOL} again (edits then apply to the user's version).`)
    throw new ToolError(`${error.message}. Nothing was stored.`)
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`
}
