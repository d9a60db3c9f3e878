// Full-text search over one owner's chats (titles and message text): SQLite FTS5 or
// PostgreSQL full-text search (ts_rank), both set up by migration 0003_chat_search.
//
// One result per chat, best chats first: a chat's score adds up all its matching rows (its title
// weighs CHAT_SEARCH_TITLE_WEIGHT times a message), so a title hit or several hits outrank one
// passing mention; between equal scores, the chat whose match is newest. The last word of a query
// is matched as typed so far (a prefix), but a row holding it as a whole word counts twice
// ("garden" above "gardening"). The snippet comes from the chat's best row and is plain text;
// `highlights` holds the [start, end) ranges (UTF-16 indices, as JavaScript strings count) of the
// matched words in it, so a client renders it as text and never as HTML.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { endOfWordsStartingWith, foldForSearch as folded, taggedWordList } from '../../db/search-words.ts'

import type { ChatSearchHit } from '../../../shared/chat-search.ts'

export type { ChatSearchHit }

/** How much more a title match counts than a match in one message. */
export const CHAT_SEARCH_TITLE_WEIGHT = 4
/**
 * A search ranks at most this many matching messages of the owner, the newest: beyond it, a common
 * word would cost in proportion to the whole history. Older chats are still found by
 * rarer words.
 */
export const CHAT_SEARCH_CANDIDATES = 2000
/**
 * A word being typed is searched as the owner's words it starts, each whole (SQLite), when it
 * starts at most this many; beyond that (a letter or two) as FTS5's prefix, which reads every row of
 * every word it starts. Measured on the 1,000,000-message history (bench:history's): each word
 * walked costs about 33 µs (256 words: 8 ms), the prefix `t*` 180–290 ms and `g*` 50–110 ms.
 */
export const CHAT_SEARCH_PREFIX_WORDS = 256
/** At most this many words of the query are searched for. */
export const CHAT_SEARCH_MAX_TERMS = 12
/** Words in a snippet, as FTS5's snippet() was asked for. */
const SNIPPET_WORDS = 16

// Private-use characters mark matches inside the database's snippet; parseMarked turns them into ranges.
const START = '\uE000'
const STOP = '\uE001'
// PostgreSQL's ts_headline drops whatever its parser reads as an HTML tag; '<' stands in as this while it runs.
const LESS_THAN = '\uE002'

/**
 * The words of a free-text query, without anything a search syntax could read as an operator
 * (quotes, `*`, `-`, `:`, parentheses, NEAR…): only runs of letters and digits survive, lower-cased
 * so that FTS5 keywords such as AND/OR/NOT/NEAR are never keywords.
 */
export function searchTerms(query: string): string[] {
  const words = query.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words)].slice(0, CHAT_SEARCH_MAX_TERMS)
}

/**
 * FTS5 MATCH expression: every term must occur; the last one may be the start of a word (typing).
 * With `exact`, the last is the whole word only (a row matching that too ranks twice as high).
 */
export function fts5Query(terms: string[], exact = false): string {
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 && !exact ? '*' : ''}`).join(' ')
}

/** PostgreSQL to_tsquery text: the same, with `:*` prefix matching. Terms hold only letters and digits. */
export function tsQuery(terms: string[], exact = false): string {
  return terms.map((term, index) => `'${term}'${index === terms.length - 1 && !exact ? ':*' : ''}`).join(' & ')
}

/**
 * Text with START…STOP markers → the text without them and the ranges they enclosed. Runs of
 * white space (a snippet cuts through paragraphs) become one space, so it reads as one line.
 */
export function parseMarked(marked: string): { snippet: string; highlights: Array<[number, number]> } {
  let snippet = ''
  const highlights: Array<[number, number]> = []
  let open = -1
  let opening = false
  let space = false
  for (const char of marked) {
    if (char === START) opening = true
    else if (char === STOP) {
      if (open >= 0 && snippet.length > open) highlights.push([open, snippet.length])
      open = -1
      opening = false
    } else if (/\s/u.test(char)) {
      space = true
    } else {
      if (space && snippet.length > 0) snippet += ' '
      space = false
      // A range starts at its first character, after any space before it.
      if (opening) open = snippet.length
      opening = false
      snippet += char
    }
  }
  return { snippet, highlights }
}

export function createChatSearch(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  return {
    async search(ownerId: string, query: string, limit: number): Promise<ChatSearchHit[]> {
      const terms = searchTerms(query)
      if (terms.length === 0) return []
      const rows = dialect === 'postgres' ? await searchPostgres(db, ownerId, terms, limit) : await searchSqlite(db, ownerId, terms, limit)
      return rows.map((row) => ({
        chatId: row.chat_id,
        title: row.title,
        ...parseMarked(row.snippet ?? ''),
        messageId: row.message_id ?? null,
        updatedAt: Number(row.updated_at),
      }))
    },
  }
}

export type ChatSearch = ReturnType<typeof createChatSearch>

interface Row {
  chat_id: string
  title: string
  snippet: string | null
  message_id: string | null
  updated_at: number | string
}

async function searchSqlite(db: Kysely<Database>, ownerId: string, terms: string[], limit: number): Promise<Row[]> {
  // The index holds each owner's words behind the owner's tag (migration 0017), folded by the
  // same code: a search walks only this owner's list of each word, whoever else has the word.
  const words = taggedWordList(ownerId, ...terms)
  if (words.length === 0) return []
  // The owner's newest CHAT_SEARCH_CANDIDATES matching rows (FTS5 walks its rowids newest first and
  // stops there), so a common word costs the same in a history of 100 chats or of 10,000. The last
  // word is also the start of longer words, searched as the owner's words it starts (typedWordMatch).
  // When it starts no other word of theirs, one walk of it whole is all (a rare word: 1,503 rows
  // walked once instead of twice). Otherwise first with the last word whole: that walk stops early,
  // and only when it finds fewer rows than that are the longer words walked too; a common word typed
  // whole skips them, and those longer words, which would rank half as high, are left out.
  const exact = fts5Query(words, true)
  const started = await wordsStartingWith(db, words.at(-1)!)
  if (started.length === 1 && started[0] === words.at(-1)) return rankedChats(db, ownerId, terms, exact, 'all', limit)
  const { rows: wholeRows } = await sql<{ id: number }>`
    SELECT rowid AS id FROM chat_search WHERE chat_search MATCH ${exact}
    ORDER BY rowid DESC LIMIT ${CHAT_SEARCH_CANDIDATES}`.execute(db)
  if (wholeRows.length === CHAT_SEARCH_CANDIDATES) return rankedChats(db, ownerId, terms, exact, 'all', limit)
  return rankedChats(db, ownerId, terms, typedWordMatch(words, started), wholeRows.map((row) => row.id), limit)
}

/** A row's score times this, plus its id, orders a chat's rows best first, newest first (ids stay far below it). */
const BEST_ROW_KEY = 2 ** 40

/**
 * The 20 (`limit`) best chats among the rows matching `match` (the owner's newest
 * CHAT_SEARCH_CANDIDATES), each with its best row's snippet; the rows in `wholeIds` ('all': every
 * one) hold the last word whole.
 */
async function rankedChats(
  db: Kysely<Database>,
  ownerId: string,
  terms: string[],
  match: string,
  wholeIds: number[] | 'all',
  limit: number,
): Promise<Row[]> {
  // Ranked here rather than by bm25(): bm25 counts, on every search, how many rows of the whole
  // index hold each word (a walk through each word's list: 65 ms for that common word), so its cost
  // grew with the history. A row counts 1, a title CHAT_SEARCH_TITLE_WEIGHT; holding the last word
  // whole doubles it ("garden" above "gardening"). A chat's score is the sum of its rows (several
  // hits outrank one passing mention); equal scores: the newest match first (rows are numbered as
  // written; a title's row is as old as its chat). A chat's best row, the newest of its
  // best-scored, gives the snippet and the message to open.
  // Added up by SQLite in one statement: handing each of 1,503 rows to JavaScript to add them up
  // there cost twice as much (the rare word of bench:history, 6.3 against 3.8 ms on the big history).
  // CROSS JOIN keeps the walk first (SQLite's rule), so it stops at the limit before the join.
  const whole = wholeIds === 'all' ? sql`2` : sql`CASE WHEN d.id IN (SELECT value FROM json_each(${JSON.stringify(wholeIds)})) THEN 2 ELSE 1 END`
  const rankedPage = (offset: number) => sql<{ chat_id: string; best: number }>`
    SELECT chat_id, max(score * ${BEST_ROW_KEY} + id) % ${BEST_ROW_KEY} AS best
    FROM (
      SELECT d.chat_id, d.id, (CASE WHEN d.message_id IS NULL THEN ${CHAT_SEARCH_TITLE_WEIGHT} ELSE 1 END) * ${whole} AS score
      FROM (
        SELECT rowid AS rid FROM chat_search WHERE chat_search MATCH ${match}
        ORDER BY rowid DESC LIMIT ${CHAT_SEARCH_CANDIDATES}
      ) AS hits CROSS JOIN chat_search_docs AS d ON d.id = hits.rid
    )
    GROUP BY chat_id
    ORDER BY sum(score) DESC, max(id) DESC, chat_id
    LIMIT ${limit} OFFSET ${offset}`.execute(db)
  // Only the chats shown are tested for their owner: every candidate is under this owner's tag, so
  // another owner's chat shows up only if two owners share a tag (search-words.ts); then the next
  // ones are read until the page is full.
  const shown: Array<{ chat_id: string; title: string; updated_at: number; best: number }> = []
  for (let offset = 0; shown.length < limit; offset += limit) {
    const { rows: ranked } = await rankedPage(offset)
    if (ranked.length === 0) break
    // `+owner_id`: without it SQLite read the owner's chats through their owner index (10,000 for
    // the big history, 3 ms) to meet 20 ids, instead of reading the 20 by their key.
    const { rows: owned } = await sql<{ id: string; title: string; updated_at: number }>`
      SELECT id, title, updated_at FROM chats
      WHERE +owner_id = ${ownerId} AND id IN (${sql.join(ranked.map((chat) => chat.chat_id))})`.execute(db)
    const byId = new Map(owned.map((chat) => [chat.id, chat]))
    for (const { chat_id, best } of ranked) {
      const chat = byId.get(chat_id)
      if (chat && shown.length < limit) shown.push({ chat_id, title: chat.title, updated_at: chat.updated_at, best: Number(best) })
    }
    if (ranked.length < limit) break
  }
  if (shown.length === 0) return []
  // Snippets only for the rows shown, made here from their text: FTS5's snippet() re-reads the
  // whole posting list of a prefix term for every row, which costs in proportion to the history.
  const { rows: docs } = await sql<{ id: number; message_id: string | null; title: string; body: string }>`
    SELECT id, message_id, title, body FROM chat_search_docs WHERE id IN (${sql.join(shown.map((row) => row.best))})`.execute(db)
  const byRow = new Map(docs.map((doc) => [doc.id, doc]))
  return shown.map(({ best, ...row }) => {
    const doc = byRow.get(best)
    return { ...row, message_id: doc?.message_id ?? null, snippet: doc ? markedSnippet(doc.body || doc.title, terms) : null }
  })
}

/**
 * The FTS5 query for these tagged words with the last one read as the start of a word: as the
 * whole words the owner has used that it starts (`started`, from chat_search_words: migration 0018), each walked
 * newest first and stopped at the limit like any word. Read as a prefix instead, FTS5 builds the
 * list of every row of every word it starts before returning the first (36–50 ms for "gard" in a
 * history of 1,000,000 messages, 1–2 ms as its words). A start of more than
 * CHAT_SEARCH_PREFIX_WORDS words is still read as a prefix, and so is one that starts none of
 * their words (a typo: FTS5 then finds no list to read).
 */
function typedWordMatch(words: string[], started: string[]): string {
  if (started.length === 0 || started.length > CHAT_SEARCH_PREFIX_WORDS) return fts5Query(words)
  const typed = `(${started.map((word) => `"${word}"`).join(' OR ')})`
  return [...words.slice(0, -1).map((word) => `"${word}"`), typed].join(' AND ')
}

/** Up to CHAT_SEARCH_PREFIX_WORDS + 1 of the owner's listed words starting with this tagged word (itself included). */
async function wordsStartingWith(db: Kysely<Database>, tagged: string): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`
    SELECT word FROM chat_search_words WHERE word >= ${tagged} AND word < ${endOfWordsStartingWith(tagged)}
    LIMIT ${CHAT_SEARCH_PREFIX_WORDS + 1}`.execute(db)
  return rows.map((row) => row.word)
}

/**
 * About SNIPPET_WORDS words of `text` around its first match of `terms` (the last one may be the
 * start of a word, as in the query), each match between START and STOP, '…' where text was left out.
 */
export function markedSnippet(text: string, terms: string[]): string {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
  const wanted = terms.map(folded)
  const matches = (word: string) => {
    const w = folded(word)
    return wanted.some((term, index) => w === term || (index === wanted.length - 1 && w.startsWith(term)))
  }
  const first = Math.max(0, words.findIndex((word) => matches(word[0])))
  const from = Math.max(0, Math.min(first - 4, words.length - SNIPPET_WORDS))
  const to = Math.min(words.length, from + SNIPPET_WORDS)
  if (words.length === 0) return text.slice(0, 200)
  let out = from > 0 ? '…' : ''
  let at = words[from]!.index
  for (let index = from; index < to; index++) {
    const word = words[index]!
    out += text.slice(at, word.index)
    out += matches(word[0]) ? `${START}${word[0]}${STOP}` : word[0]
    at = word.index + word[0].length
  }
  // The end of the sentence after the last word shown (its punctuation), then '…' if more follows.
  const rest = text.slice(at, to < words.length ? words[to]!.index : text.length)
  return out + rest.replace(/\s+$/u, '') + (to < words.length ? '…' : '')
}

async function searchPostgres(db: Kysely<Database>, ownerId: string, terms: string[], limit: number): Promise<Row[]> {
  const tsquery = tsQuery(terms)
  const exact = tsQuery(terms, true)
  // Messages are ranked on their stored vectors, kept with their owner (message_search, migration
  // 0014: no join with every chat of the owner). A chat title's expression repeats its index's
  // (chats_title_search) exactly, so the GIN index serves it. Chats are ranked by their totals
  // (one hash aggregate), equal totals by their newest match (a title counts as of the chat's
  // start, as on SQLite, where its row is as old as the chat); only the chats shown are then read,
  // with their best row and its snippet: joining every matching chat for its last activity, as a
  // tie-break, cost more than ranking the matches (1,012 chats for a rare word, bench:history).
  const options = `StartSel="${START}", StopSel="${STOP}", MaxWords=16, MinWords=6, ShortWord=2`
  const { rows } = await sql<Row>`
    WITH q AS (SELECT to_tsquery('simple', ${tsquery}) AS query),
    -- The owner's newest matching messages only: a common word matched half a million rows in a
    -- big history (bench:history). The query is written out where an index serves it, so the
    -- planner sees the words (not a CTE's value).
    message_hits AS (
      SELECT s.chat_id, s.message_id, s.created_at AS at,
        ts_rank(s.document, to_tsquery('simple', ${tsquery})) * CASE WHEN s.document @@ to_tsquery('simple', ${exact}) THEN 2 ELSE 1 END AS score
      FROM message_search AS s
      WHERE s.owner_id = ${ownerId} AND s.document @@ to_tsquery('simple', ${tsquery})
      ORDER BY s.created_at DESC
      LIMIT ${CHAT_SEARCH_CANDIDATES}
    ),
    hits AS MATERIALIZED (
      SELECT c.id AS chat_id, NULL::text AS message_id, c.created_at AS at,
        ts_rank(to_tsvector('simple', c.title), q.query) * ${CHAT_SEARCH_TITLE_WEIGHT}
          * CASE WHEN to_tsvector('simple', c.title) @@ to_tsquery('simple', ${exact}) THEN 2 ELSE 1 END AS score
      FROM chats AS c, q
      WHERE c.owner_id = ${ownerId} AND to_tsvector('simple', c.title) @@ to_tsquery('simple', ${tsquery})
      UNION ALL
      SELECT chat_id, message_id, at, score FROM message_hits
    ),
    top AS (
      SELECT chat_id, sum(score) AS total, max(at) AS latest FROM hits GROUP BY chat_id
      ORDER BY total DESC, latest DESC, chat_id
      LIMIT ${limit}
    ),
    -- Each shown chat's best row. The LIMIT tells the planner how few rows come out (without it,
    -- it hashed the whole chats table to join them).
    shown AS (
      SELECT DISTINCT ON (h.chat_id) h.chat_id, h.message_id, t.total, t.latest
      FROM hits AS h JOIN top AS t ON t.chat_id = h.chat_id
      ORDER BY h.chat_id, h.score DESC, h.message_id NULLS FIRST
      LIMIT ${limit}
    )
    SELECT t.chat_id, c.title, t.message_id, c.updated_at,
      replace(ts_headline('simple', translate(CASE WHEN t.message_id IS NULL THEN c.title ELSE chat_message_text(m.parts) END, ${'<' + START + STOP}, ${LESS_THAN}), q.query, ${options}), ${LESS_THAN}, '<') AS snippet
    FROM shown AS t JOIN chats AS c ON c.id = t.chat_id LEFT JOIN messages AS m ON m.id = t.message_id, q
    ORDER BY t.total DESC, t.latest DESC, t.chat_id`.execute(db)
  return rows
}
