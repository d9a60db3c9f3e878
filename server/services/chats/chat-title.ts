// Chat titles: short, no punctuation or control characters (the sidebar shows them on one line;
// PostgreSQL text cannot hold NUL).

const MAX_LENGTH = 60

/** Cleans a model's title; falls back to the first words of the question. */
export function titleFrom(modelText: string, question: string): string {
  const clean = (text: string) =>
    text
      .replace(/^\s*title\s*:\s*/i, '')
      .replace(/[\p{P}\p{S}\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  let title = clean(modelText)
  if (!title) title = clean(question).split(' ').slice(0, 6).join(' ')
  if (!title) return 'New chat'
  if (title.length > MAX_LENGTH) title = title.slice(0, MAX_LENGTH).replace(/\s+\S*$/, '')
  return title[0]!.toUpperCase() + title.slice(1)
}
