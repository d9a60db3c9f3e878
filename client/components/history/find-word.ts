// A search hit opens its chat with the find bar on a word of the hit (search-palette.tsx).

/**
 * What the chat's find bar (a plain text match) looks for after a hit: what was typed when the
 * snippet holds it as typed, else the longest word the search marked in it (the rarest, as a rule:
 * "topic42" rather than "river").
 */
export function findWord(query: string, snippet: string, highlights: ReadonlyArray<readonly [number, number]>): string {
  const typed = query.trim().replace(/\s+/g, ' ')
  if (typed && snippet.toLocaleLowerCase().includes(typed.toLocaleLowerCase())) return typed
  const marked = highlights.map(([from, to]) => snippet.slice(from, to).trim())
  return marked.reduce((longest, word) => (word.length > longest.length ? word : longest), '')
}
