// Full-text search over one owner's chats (titles and message text): SQLite FTS5 (bm25) or
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
import { foldForSearch as folded, ownerTag, searchWords } from '../../db/search-words.ts'

import type { ChatSearchHit } from '../../../shared/chat-search.ts'

export type { ChatSearchHit }

/** How much more a title match counts than a match in one message. */
export const CHAT_SEARCH_TITLE_WEIGHT = 4
/**
 * A search ranks at most this many matching messages of the owner, the newest: beyond it, a common
 * word would cost in proportion to the whole history (issue 20). Older chats are still found by
 * rarer words.
 */
export const CHAT_SEARCH_CANDIDATES = 2000
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
  const tag = ownerTag(ownerId)
  const words = [...new Set(terms.flatMap(searchWords))].map((word) => tag + word)
  if (words.length === 0) return []
  const match = fts5Query(words)
  // The owner's newest CHAT_SEARCH_CANDIDATES matching rows (FTS5 walks its rowids newest first and
  // stops there), so a common word costs the same in a history of 100 chats or of 10,000. Only the
  // chats shown are then tested for their owner: every candidate is under this owner's tag, and
  // testing each one's chat cost more than ranking them (1,503 rows for a rare word). bm25() is
  // lower for better matches; summing per chat rewards several hits. Equal totals: the chat with
  // the newest match first (rows are numbered as written; a title's row is as old as its chat).
  // A row holding the last word whole scores twice: those rows are found by a second walk kept to
  // the candidates' rowids (not by an OR in the MATCH: bm25 would count every row of the whole
  // word, a walk through its whole list: +14 ms for a word in half of 1,000,000 messages). The
  // chats are ranked by one aggregate; only the shown chats' rows are then sorted for their best.
  const { rows } = await sql<Row & { rid: number }>`
    WITH hits AS MATERIALIZED (
      SELECT chat_search.rowid AS rid, d.chat_id, d.message_id,
        bm25(chat_search, ${CHAT_SEARCH_TITLE_WEIGHT}, 1.0) AS score
      FROM chat_search
      JOIN chat_search_docs AS d ON d.id = chat_search.rowid
      WHERE chat_search MATCH ${match}
      ORDER BY chat_search.rowid DESC
      LIMIT ${CHAT_SEARCH_CANDIDATES}
    ),
    whole AS (
      SELECT rowid AS rid FROM chat_search
      WHERE chat_search MATCH ${fts5Query(words, true)}
        AND rowid >= (SELECT min(rid) FROM hits) AND rowid <= (SELECT max(rid) FROM hits)
    ),
    scored AS MATERIALIZED (
      SELECT rid, chat_id, message_id, score * CASE WHEN rid IN (SELECT rid FROM whole) THEN 2 ELSE 1 END AS score
      FROM hits
    ),
    top AS MATERIALIZED (
      SELECT chat_id, sum(score) AS total, max(rid) AS latest FROM scored
      GROUP BY chat_id
      ORDER BY total, latest DESC, chat_id
      LIMIT ${limit}
    ),
    shown AS (
      SELECT s.rid, s.chat_id, s.message_id, t.total, t.latest,
        row_number() OVER (PARTITION BY s.chat_id ORDER BY s.score, s.message_id IS NOT NULL) AS position
      FROM scored AS s JOIN top AS t ON t.chat_id = s.chat_id
    )
    -- CROSS JOIN keeps this order (SQLite's rule): with a plain join the planner read all of the
    -- owner's chats by owner_id (10,000 for the big history) to meet the 20 shown.
    SELECT r.rid, r.chat_id, c.title, r.message_id, c.updated_at
    FROM shown AS r CROSS JOIN chats AS c ON c.id = r.chat_id
    WHERE r.position = 1 AND c.owner_id = ${ownerId}
    ORDER BY r.total, r.latest DESC, r.chat_id`.execute(db)
  if (rows.length === 0) return []
  // Snippets only for the rows shown, made here from their text: FTS5's snippet() re-reads the
  // whole posting list of a prefix term for every row, which costs in proportion to the history.
  const { rows: docs } = await sql<{ id: number; title: string; body: string }>`
    SELECT id, title, body FROM chat_search_docs WHERE id IN (${sql.join(rows.map((row) => row.rid))})`.execute(db)
  const byRow = new Map(docs.map((doc) => [doc.id, markedSnippet(doc.body || doc.title, terms)]))
  return rows.map(({ rid, ...row }) => ({ ...row, snippet: byRow.get(rid) ?? null }))
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
