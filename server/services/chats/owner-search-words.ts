// The list of words each owner has used (chat_search_words, SQLite: migration 0018, for searching a
// word being typed) goes with the last of their chats: Delete all chats, a deleted account, a
// visitor's history swept by retention or moved to their account on sign-in, or their last chat
// deleted, leaves no list of the words they wrote. While an owner still has chats, the words of
// the deleted ones stay listed (a word in no row costs their searches one empty walk).
import { CompiledQuery, type Kysely } from 'kysely'
import { backgroundDeletesOf } from '../../db/background-deletes.ts'
import type { Database } from '../../db/schema.ts'
import { dialectOf } from '../../db/migration-dialect.ts'
import { endOfWordsStartingWith, FORGET_WORDS_SQL, ownerTag } from '../../db/search-words.ts'

/** Forgets the listed words of each of these owners who has no chat left. */
export async function forgetWordsOfOwnersWithoutChats(db: Kysely<Database>, ownerIds: Iterable<string>): Promise<void> {
  // PostgreSQL searches a word being typed as a prefix of its stored vectors: it keeps no list.
  if (dialectOf(db as Kysely<unknown>) !== 'sqlite') return
  for (const ownerId of new Set(ownerIds)) {
    // Asked first: the statement below walks the whole list before its own test of the same
    // (2 ms for 11,042 words), which it keeps for a chat written meanwhile.
    const left = await db.selectFrom('chats').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst()
    if (left) continue
    // (An owner sharing the tag, about one pair in 10^15, would lose theirs too: their words being
    // typed are then read as prefixes, which finds the same.)
    const tag = ownerTag(ownerId)
    const words = { kind: 'words', ownerId, from: tag, to: endOfWordsStartingWith(tag) } as const
    // The big owner's 11,042 words took 3.2 ms: in the worker thread where there is one (a
    // transaction, moving a visitor's chats on sign-in, runs it on its own connection).
    const background = backgroundDeletesOf(db)
    if (background) await background.run(words)
    else await db.executeQuery(CompiledQuery.raw(FORGET_WORDS_SQL, [words.from, words.to, ownerId]))
  }
}
