// A user's history made up quickly, for measuring the app at a real user's volume:
// `chats` chats holding `messages` messages in all (questions and answers in turn, a few with code
// and a table), dated over the last two years so the sidebar's date groups fill, written straight
// into the tables in batches inside transactions (the search index follows through its triggers and
// indexes, as for any write). Deterministic: the same counts give the same words.
import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../server/db/schema.ts'

export interface SeedOptions {
  chats: number
  messages: number
  /** The newest chat's time; the others go back from it over two years. */
  now?: number
  /** Prefix of the chat and message ids (each seeding run of one owner needs its own). */
  idPrefix: string
  /** Called after each batch with the messages written so far. */
  onProgress?: (written: number) => void
}

const WORDS = 'river garden window engine budget travel recipe planet signal museum harbor lantern meadow pixel quartz rocket saddle timber violin walnut yellow zephyr anchor bridge candle delta ember falcon glacier'.split(' ')
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000
/** Rows per INSERT: under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500
/** Chats per transaction. */
const CHATS_PER_BATCH = 200

/** A sentence of words picked by `n`, and a word rare enough to search for (`topic<n mod 997>`). */
function sentence(n: number, length: number): string {
  const words: string[] = []
  for (let i = 0; i < length; i++) words.push(WORDS[(n * 31 + i * 7) % WORDS.length]!)
  words.push(`topic${n % 997}`)
  return `${words.join(' ')}.`
}

function answerText(n: number): string {
  const prose = `${sentence(n, 18)} ${sentence(n + 1, 14)}`
  // Every tenth answer has code and a table, as real answers often do.
  if (n % 10 !== 0) return prose
  return `${prose}\n\n\`\`\`ts\nexport function total(values: number[]) {\n  return values.reduce((sum, value) => sum + value, 0)\n}\n\`\`\`\n\n| item | count |\n| --- | ---: |\n| ${WORDS[n % WORDS.length]} | ${n % 50} |\n| ${WORDS[(n + 3) % WORDS.length]} | ${n % 17} |`
}

/** Writes the history for `ownerId`; returns the ids of its chats, newest first. */
export async function seedHistory(db: Kysely<Database>, ownerId: string, options: SeedOptions): Promise<string[]> {
  const { chats, messages, idPrefix } = options
  if (!Number.isInteger(chats) || chats < 1) throw new Error(`--chats must be a positive whole number, not ${chats}`)
  if (!Number.isInteger(messages) || messages < chats) throw new Error(`--messages must be a whole number of at least --chats (${chats}), not ${messages}`)
  const now = options.now ?? Date.now()
  const spacing = Math.floor(TWO_YEARS_MS / chats)
  const ids: string[] = []
  let written = 0
  for (let first = 0; first < chats; first += CHATS_PER_BATCH) {
    const chatRows: Insertable<Database['chats']>[] = []
    const messageRows: Insertable<Database['messages']>[] = []
    for (let index = first; index < Math.min(chats, first + CHATS_PER_BATCH); index++) {
      // Messages spread evenly; the first chats take the remainder.
      const count = Math.floor(messages / chats) + (index < messages % chats ? 1 : 0)
      const chatId = `${idPrefix}-c${index}`
      const updatedAt = now - index * spacing
      const createdAt = updatedAt - count * 60_000
      let parent: string | null = null
      for (let seq = 0; seq < count; seq++) {
        const id = `${chatId}-m${seq}`
        const n = index * 7919 + seq
        const role = seq % 2 === 0 ? 'user' : 'assistant'
        messageRows.push({
          id,
          chat_id: chatId,
          seq,
          parent_id: parent,
          role,
          parts: JSON.stringify([{ type: 'text', text: role === 'user' ? `Question about ${sentence(n, 8)}` : answerText(n) }]),
          status: 'complete',
          usage: role === 'assistant' ? '{"inputTokens":120,"outputTokens":140}' : null,
          model: role === 'assistant' ? 'offline' : null,
          created_at: createdAt + seq * 60_000,
        })
        parent = id
      }
      chatRows.push({ id: chatId, owner_id: ownerId, title: `Chat ${index}: ${WORDS[index % WORDS.length]} and ${WORDS[(index * 3) % WORDS.length]}`, visibility: 'private', model: null, created_at: createdAt, updated_at: updatedAt, tools_off: null, current_leaf_id: parent })
      ids.push(chatId)
    }
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < chatRows.length; start += ROWS_PER_INSERT) await trx.insertInto('chats').values(chatRows.slice(start, start + ROWS_PER_INSERT)).execute()
      for (let start = 0; start < messageRows.length; start += ROWS_PER_INSERT) await trx.insertInto('messages').values(messageRows.slice(start, start + ROWS_PER_INSERT)).execute()
    })
    written += messageRows.length
    options.onProgress?.(written)
  }
  return ids
}
