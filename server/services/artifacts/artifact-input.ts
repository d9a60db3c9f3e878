// What the store accepts: every input bounded, with a message that names the problem (the model
// reads it through its tools and can fix its call; the panel shows it to the user).
import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors.ts'
import { ARTIFACT_KINDS, ARTIFACT_LANGUAGE_MAX_CHARS, ARTIFACT_TITLE_MAX_CHARS, type ArtifactAuthor, type ArtifactKind } from '../../../shared/artifacts.ts'

export type ArtifactErrorCode = 'ARTIFACT_TOO_LARGE' | 'ARTIFACT_NOT_FOUND' | 'ARTIFACT_VERSION_CONFLICT' | 'ARTIFACT_INVALID'

const STATUS: Record<ArtifactErrorCode, number> = {
  ARTIFACT_TOO_LARGE: 413,
  ARTIFACT_NOT_FOUND: 404,
  ARTIFACT_VERSION_CONFLICT: 409,
  ARTIFACT_INVALID: 422,
}

/** A refused artifact write. An AppError, so a route that lets it through answers `{ statusCode, code, message }`. */
export class ArtifactError extends AppError {
  override name = 'ArtifactError'
  declare readonly code: ArtifactErrorCode

  constructor(code: ArtifactErrorCode, message: string) {
    super(STATUS[code], code, message)
  }
}

// Lower-case letters and digits without the ones read alike (l, o, 0, 1), in the order they sort:
// 13 characters, short enough for a model to copy back exactly into update_artifact. The first 9
// are the time (milliseconds, 45 bits), so ids sort in the order artifacts were made (a chat lists
// them oldest first, also two made in the same millisecond, and an import keeps that order); the
// last 4 are random (another replica's id of the same millisecond is a retry, see the store).
const ID_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyz'
const TIME_CHARS = 9
const RANDOM_CHARS = 4
export const ARTIFACT_ID_LENGTH = TIME_CHARS + RANDOM_CHARS

let lastTime = 0

export function newArtifactId(): string {
  // Never the same time twice in this process: the next id is a millisecond on when one came first.
  const time = Math.max(Date.now(), lastTime + 1)
  lastTime = time
  let id = ''
  for (let rest = time, index = 0; index < TIME_CHARS; index++, rest = Math.floor(rest / 32)) id = ID_ALPHABET[rest % 32] + id
  for (const byte of randomBytes(RANDOM_CHARS)) id += ID_ALPHABET[byte & 31]
  return id
}

// PostgreSQL text cannot hold NUL; other control characters have no place in a title or a language.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export function checkKind(kind: unknown): ArtifactKind {
  if (typeof kind !== 'string' || !(ARTIFACT_KINDS as readonly string[]).includes(kind)) {
    throw new ArtifactError('ARTIFACT_INVALID', `Artifact kind must be one of ${ARTIFACT_KINDS.join(', ')}`)
  }
  return kind as ArtifactKind
}

export function checkTitle(title: unknown): string {
  const trimmed = typeof title === 'string' ? title.trim() : ''
  if (trimmed === '') throw new ArtifactError('ARTIFACT_INVALID', 'Artifact title is empty')
  if ([...trimmed].length > ARTIFACT_TITLE_MAX_CHARS) throw new ArtifactError('ARTIFACT_INVALID', `Artifact title is longer than ${ARTIFACT_TITLE_MAX_CHARS} characters`)
  if (CONTROL.test(trimmed)) throw new ArtifactError('ARTIFACT_INVALID', 'Artifact title contains control characters')
  return trimmed
}

/** A code artifact's language (null when absent); other kinds have none, whatever was sent. */
export function checkLanguage(kind: ArtifactKind, language: unknown): string | null {
  if (kind !== 'code' || language === undefined || language === null) return null
  const trimmed = typeof language === 'string' ? language.trim() : ''
  if (trimmed === '') return null
  if (trimmed.length > ARTIFACT_LANGUAGE_MAX_CHARS || CONTROL.test(trimmed)) {
    throw new ArtifactError('ARTIFACT_INVALID', `Artifact language must be at most ${ARTIFACT_LANGUAGE_MAX_CHARS} characters, without control characters`)
  }
  return trimmed
}

/** The content's bytes of UTF-8, once it is known to fit. */
export function checkContent(content: unknown, maxBytes: number, { allowEmpty }: { allowEmpty: boolean }): number {
  if (typeof content !== 'string') throw new ArtifactError('ARTIFACT_INVALID', 'Artifact content must be text')
  if (!allowEmpty && content.trim() === '') throw new ArtifactError('ARTIFACT_INVALID', 'Artifact content is empty')
  if (content.includes('\u0000')) throw new ArtifactError('ARTIFACT_INVALID', 'Artifact content contains a NUL character')
  const bytes = Buffer.byteLength(content, 'utf8')
  if (bytes > maxBytes) {
    throw new ArtifactError('ARTIFACT_TOO_LARGE', `Artifact content is ${bytes} bytes; the largest allowed is ${maxBytes} bytes (ARTIFACT_MAX_BYTES)`)
  }
  return bytes
}

export function checkAuthor(author: unknown): ArtifactAuthor {
  if (author !== 'model' && author !== 'user') throw new ArtifactError('ARTIFACT_INVALID', "Artifact author must be 'model' or 'user'")
  return author
}

/** A primary key refused the insert (SQLite or PostgreSQL): someone else took that id or version first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
