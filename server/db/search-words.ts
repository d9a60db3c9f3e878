// The words SQLite's search index holds (migration 0017_owner_search_words): each word of a chat's
// title or message is stored with a tag of its owner in front, so a search walks only that owner's
// list of the word. With one list per word for every owner, a light user's search for a common word
// walked through the newer matches of every other user first (370 ms in bench:history for the
// 100-chat owner while another owner had 1,000,000 messages), and bm25 counted the word's rows of
// the whole index on every search.
//
// The app splits and folds the words itself (FTS5's `ascii` tokenizer then only splits at the
// spaces put between them): the index's words and a query's come from the same code, so they agree.
import type SQLite from 'better-sqlite3'

/** The SQL function the index's triggers call: search_words(owner_id, text) → the tagged words. */
export const SEARCH_WORDS_FUNCTION = 'search_words'
/**
 * search_word_list(owner_id, title, body) → the distinct tagged words of both, as a JSON array: the
 * triggers add them to chat_search_words (migration 0018), the list of words each owner has used,
 * so that a word being typed is searched as the words it starts (chat-search.ts).
 */
export const SEARCH_WORD_LIST_FUNCTION = 'search_word_list'

/**
 * Deletes an owner's listed words (tags from ? up to ?) only if the owner (?) has no chat left: one
 * statement, so a chat written meanwhile (the owner starting over right after Delete all) keeps its
 * words (owner-search-words.ts; run in the worker thread of background-deletes.ts where there is one).
 */
export const FORGET_WORDS_SQL = 'DELETE FROM chat_search_words WHERE word >= ? AND word < ? AND NOT EXISTS (SELECT 1 FROM chats WHERE owner_id = ?)'

/** Characters of an owner's tag: base 36 of a 52-bit hash, so always this long. */
const TAG_LENGTH = 11

function fnv1a(text: string, basis: number, backwards: boolean): number {
  let hash = basis
  for (let step = 0; step < text.length; step++) {
    hash ^= text.charCodeAt(backwards ? text.length - 1 - step : step)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * A short tag of an owner: 52 bits of two FNV-1a hashes of the id (one read backwards). Two owners
 * could share one (about one pair in 10^15): their searches would then walk each other's rows too,
 * and the search's final test of the owner keeps the results theirs.
 */
export function ownerTag(ownerId: string): string {
  const high = fnv1a(ownerId, 0x811c9dc5, false) >>> 12
  const low = fnv1a(ownerId, 0x050c5d1f, true)
  return (high * 2 ** 32 + low).toString(36).padStart(TAG_LENGTH, '0')
}

/**
 * The words of a text as the index keeps them: lower case, without diacritics ("Café" → "cafe",
 * as FTS5's unicode61 tokenizer folded them before), runs of letters and digits.
 */
export function searchWords(text: string): string[] {
  // A trigger splits each text twice (its words for the index, then the list of its distinct words):
  // the last two texts' words are kept, so the second time costs nothing.
  const kept = recentWords.find((entry) => entry.text === text)
  if (kept) return kept.words
  const words = foldForSearch(text).match(/[\p{L}\p{N}]+/gu) ?? []
  recentWords.unshift({ text, words })
  recentWords.length = Math.min(recentWords.length, 2)
  return words
}
const recentWords: Array<{ text: string; words: string[] }> = []

/** Text folded as the index folds its words: lower case, then diacritics removed. */
export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')
}

/** What the index stores for an owner's text: each word with the owner's tag in front, space-separated. */
export function taggedWords(ownerId: string, text: string): string {
  const tag = ownerTag(ownerId)
  return searchWords(text)
    .map((word) => tag + word)
    .join(' ')
}

/**
 * Where the words starting with `prefix` end, in the index's (binary) order: every such word sorts
 * from `prefix` up to the prefix followed by the highest code point. An owner's tag is the prefix
 * of all their words.
 */
export function endOfWordsStartingWith(prefix: string): string {
  return `${prefix}\u{10FFFF}`
}

/** The distinct words of these texts, each with the owner's tag in front. */
export function taggedWordList(ownerId: string, ...texts: string[]): string[] {
  const tag = ownerTag(ownerId)
  return [...new Set(texts.flatMap(searchWords))].map((word) => tag + word)
}

/** Makes search_words() and search_word_list() callable on this connection (the index's triggers call them on every write). */
export function registerSearchWords(database: SQLite.Database): void {
  database.function(SEARCH_WORDS_FUNCTION, { deterministic: true }, (ownerId: unknown, text: unknown) =>
    typeof ownerId === 'string' && typeof text === 'string' ? taggedWords(ownerId, text) : '',
  )
  database.function(SEARCH_WORD_LIST_FUNCTION, { deterministic: true }, (ownerId: unknown, title: unknown, body: unknown) =>
    JSON.stringify(typeof ownerId === 'string' ? taggedWordList(ownerId, ...[title, body].filter((text): text is string => typeof text === 'string')) : []),
  )
}
