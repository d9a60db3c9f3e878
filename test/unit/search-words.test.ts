// The words SQLite's search index stores (server/db/search-words.ts): split and folded by our code,
// each behind its owner's tag, so that the index and a query agree and owners' lists stay apart.
import t from 'tap'
import { ownerTag, searchWords, taggedWords } from '../../server/db/search-words.ts'

t.test('words are folded as the unicode61 tokenizer folded them: lower case, no diacritics', async (t) => {
  t.same(searchWords('Café au LAIT, déjà-vu!'), ['cafe', 'au', 'lait', 'deja', 'vu'])
  t.same(searchWords('cafe\u0301 Zu\u0308rich'), ['cafe', 'zurich'], 'combining marks join their letter, then go')
  t.same(searchWords('İstanbul ŞEHİR'), ['istanbul', 'sehir'], 'a dotted capital I folds to i')
  t.same(searchWords('日本語のテキスト v2 ½'), ['日本語のテキスト', 'v2', '1', '2'])
  t.same(searchWords('"*-:()^{}\'🙂 \u0000'), [])
})

t.test("an owner's tag: eleven base-36 characters, the same for the same id, different for others", async (t) => {
  const tags = Array.from({ length: 1000 }, (_, index) => ownerTag(`owner-${index}`))
  t.same(tags.filter((tag) => !/^[0-9a-z]{11}$/.test(tag)), [], 'eleven characters of 0-9a-z, always')
  t.equal(new Set(tags).size, 1000, 'a thousand owners, a thousand tags')
  t.equal(ownerTag('11111111-2222-3333-4444-555555555555'), ownerTag('11111111-2222-3333-4444-555555555555'))
  t.equal(ownerTag(''), ownerTag(''), 'an empty id has a tag too')
})

t.test('the stored text: each word behind the tag, one space between', async (t) => {
  const tag = ownerTag('u1')
  t.equal(taggedWords('u1', 'Hello, Wörld 42'), `${tag}hello ${tag}world ${tag}42`)
  t.equal(taggedWords('u1', ' … '), '', 'no words, nothing stored')
})
