// Search queries become plain words before any search syntax sees them; snippets become text + ranges.
import t from 'tap'
import { CHAT_SEARCH_MAX_TERMS, fts5Query, parseMarked, searchTerms, tsQuery } from '../../server/services/chats/chat-search.ts'

t.test('only letters and digits survive, lower-cased, each once', async (t) => {
  t.same(searchTerms('"Quoted" -minus *star NEAR(a b) title:x'), ['quoted', 'minus', 'star', 'near', 'a', 'b', 'title', 'x'])
  t.same(searchTerms("it's AND/OR NOT ü日本語 v2"), ['it', 's', 'and', 'or', 'not', 'ü日本語', 'v2'])
  t.same(searchTerms('word word WORD'), ['word'])
  t.same(searchTerms('"*-:()^{}\\\'\u0000🙂'), [])
  t.same(searchTerms('ﬁne'), ['fine'], 'compatibility forms are folded (NFKC)')
  t.equal(searchTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')).length, CHAT_SEARCH_MAX_TERMS)
})

t.test('the engines\' queries: all words, the last as a prefix, or whole', async (t) => {
  t.equal(fts5Query(['near', 'plan']), '"near" "plan"*')
  t.equal(tsQuery(['near', 'plan']), "'near' & 'plan':*")
  t.equal(fts5Query(['x']), '"x"*')
  t.equal(fts5Query(['near', 'plan'], true), '"near" "plan"', 'the whole words (a row with them ranks twice as high)')
  t.equal(tsQuery(['near', 'plan'], true), "'near' & 'plan'")
})

t.test('marked snippets become text and ranges, on one line', async (t) => {
  t.same(parseMarked('a \uE000Match\uE001 in\n\n  text'), { snippet: 'a Match in text', highlights: [[2, 7]] })
  t.same(parseMarked('\uE000one\uE001 \uE000two\uE001'), { snippet: 'one two', highlights: [[0, 3], [4, 7]] })
  t.same(parseMarked('  lead\n\uE000x\uE001'), { snippet: 'lead x', highlights: [[5, 6]] })
  t.same(parseMarked('stray \uE001 and \uE000\uE001 markers'), { snippet: 'stray and markers', highlights: [] }, 'unpaired or empty marks are dropped')
  t.same(parseMarked('<b>&amp;</b>'), { snippet: '<b>&amp;</b>', highlights: [] }, 'nothing is unescaped or stripped')
})
