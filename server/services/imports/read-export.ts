// Reads an export's JSON one conversation at a time (json-elements.ts), turns each into a chat
// (chatgpt-export.ts, claude-export.ts, own-export.ts) and into the rows it is stored as
// (plan-imported.ts). All of it is work on one conversation at once, as large as it comes (one
// conversation can be tens of megabytes of JSON), so it runs in a worker thread
// (read-export-worker.ts), never on the event loop that answers requests.
import { createReadStream } from 'node:fs'
import { jsonElements, JsonShapeError } from './json-elements.ts'
import { EXPECTED_FILES, ImportFormatError } from './open-export.ts'
import { fromChatGpt, isChatGptConversation } from './chatgpt-export.ts'
import { fromClaude, isClaudeConversation } from './claude-export.ts'
import { fromOwnExport, isOwnExport } from './own-export.ts'
import { SkippedConversation, titleOf, type ImportedChat } from './imported-chat.ts'
import { planImported, type PlannedChat, type PlannedMessage } from './plan-imported.ts'

/** A single conversation larger than this is skipped (the rest of the export is still read). */
export const CONVERSATION_MAX_BYTES = 64 * 1024 * 1024

export type ImportFormat = 'chatgpt' | 'claude' | 'chat'

function formatOf(value: unknown): ImportFormat | null {
  if (isChatGptConversation(value)) return 'chatgpt'
  if (isClaudeConversation(value)) return 'claude'
  if (isOwnExport(value)) return 'chat'
  return null
}

function convert(format: ImportFormat, value: Record<string, unknown>, now: number): ImportedChat {
  if (format === 'chatgpt') return fromChatGpt(value, now)
  if (format === 'claude') return fromClaude(value, now)
  return fromOwnExport(value, now)
}

/** A failure of the whole import that the file is the cause of (not the server). */
export function isFileFailure(error: unknown): boolean {
  return error instanceof ImportFormatError || error instanceof JsonShapeError || error instanceof SyntaxError
}

/** The message the summary shows for a failure of the whole import. */
export function describeImportFailure(error: unknown): string {
  if (error instanceof ImportFormatError || error instanceof JsonShapeError) return error.message.includes('Expected ') ? error.message : `${error.message} Expected ${EXPECTED_FILES}.`
  if (error instanceof SyntaxError) return `The file is not valid JSON (${error.message}). Expected ${EXPECTED_FILES}.`
  return 'The import failed on the server. Chats imported so far are kept; import the file again to add the rest.'
}

export type ExportEvent =
  | { type: 'skip'; title: string; reason: string; /** An error of ours that made it skipped, for the log. */ error?: string }
  | { type: 'chat'; format: ImportFormat; chat: PlannedChat; messages: PlannedMessage[] }

export interface ReadExportOptions {
  maxMessageChars: number
  /** Called with the bytes of JSON read so far (progress). */
  onBytes?: (bytesRead: number) => void
  now?: () => number
}

/** The export's conversations, each a chat to store or a skip with its reason. Throws for a file that is not an export. */
export async function* readExport(path: string, { maxMessageChars, onBytes, now = Date.now }: ReadExportOptions): AsyncGenerator<ExportEvent> {
  let index = 0
  for await (const element of jsonElements(createReadStream(path, { highWaterMark: 256 * 1024 }), { maxElementBytes: CONVERSATION_MAX_BYTES, onBytes })) {
    index++
    if ('tooLarge' in element) {
      yield { type: 'skip', title: `Conversation ${index}`, reason: `it is ${Math.round(element.tooLarge / 1048576)} MB, more than an import reads of one conversation` }
      continue
    }
    const value = element.value as Record<string, unknown>
    const kind = formatOf(value)
    // The first element tells what the file is: anything else is refused as a whole.
    if (!kind && index === 1) throw new ImportFormatError('This file is not an export this app knows.')
    if (!kind) {
      yield { type: 'skip', title: `Conversation ${index}`, reason: 'it is not a conversation' }
      continue
    }
    let planned: ReturnType<typeof planImported>
    try {
      planned = planImported(convert(kind, value, now()), maxMessageChars)
    } catch (error) {
      if (error instanceof SkippedConversation) yield { type: 'skip', title: error.title, reason: error.message }
      else yield { type: 'skip', title: titleOf((value.title ?? value.name ?? (value.chat as Record<string, unknown> | undefined)?.title) as string, `Conversation ${index}`), reason: 'it could not be stored', error: (error as Error).stack ?? String(error) }
      continue
    }
    yield { type: 'chat', format: kind, ...planned }
  }
}
