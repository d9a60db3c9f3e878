// Chat titles: a short complete phrase on one line (the sidebar shows it so). The model's title, or
// the question's first whole words with an ellipsis when they had to be cut; never a phrase cut in
// the middle of a word, never control characters (PostgreSQL text cannot hold NUL).

import { DANGLING_WORD } from '../llm/prompts.ts'

const MAX_LENGTH = 60
const MAX_WORDS = 6

/** One line, no control characters, single spaces. */
function oneLine(text: string): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Without wrapping quotes or Markdown emphasis, and without a full stop or colon at the end. */
function unwrap(text: string): string {
  return text
    .replace(/^[\s"'“”‘’`*_#>]+|[\s"'“”‘’`*_]+$/gu, '')
    .replace(/[.:;,]+$/u, '')
    .trim()
}


/** At most `maxWords` whole words and MAX_LENGTH characters; an ellipsis says it was cut. */
function wholeWords(text: string, maxWords: number): string {
  const words = text.split(' ').filter(Boolean)
  let kept = words.slice(0, maxWords)
  while (kept.length > 1 && kept.join(' ').length > MAX_LENGTH - 1) kept = kept.slice(0, -1)
  if (kept.length < words.length) while (kept.length > 1 && DANGLING_WORD.test(kept.at(-1)!.replace(/[.,:;!?]+$/u, ''))) kept = kept.slice(0, -1)
  let title = kept.join(' ')
  if (title.length > MAX_LENGTH - 1) title = title.slice(0, MAX_LENGTH - 1)
  if (kept.length < words.length || title.length < kept.join(' ').length) title = `${unwrap(title)}…`
  return title
}

function capitalized(title: string): string {
  return title ? title[0]!.toUpperCase() + title.slice(1) : title
}

/**
 * A chat's title from its first question, until a model names it: the first line's first words.
 * Also what a chat started through the API is called before (or without) an answer.
 */
export function provisionalTitle(question: string): string {
  const firstLine = question.split('\n').map(oneLine).find(Boolean) ?? ''
  const title = wholeWords(unwrap(firstLine), MAX_WORDS)
  return title.replace(/…$/, '') ? capitalized(title) : 'New chat'
}

/** Cleans a model's title; falls back to the question's first words. */
export function titleFrom(modelText: string, question: string): string {
  const firstLine = modelText.split('\n').map(oneLine).find(Boolean) ?? ''
  const title = unwrap(firstLine.replace(/^\s*title\s*:\s*/i, ''))
  if (!title || !/[\p{L}\p{N}]/u.test(title)) return provisionalTitle(question)
  return capitalized(wholeWords(title, 12))
}

/** "notes.pdf, chart.png": the title of a chat whose first message is files alone. */
export function fileNamesTitle(parts: ReadonlyArray<{ type: string; filename?: string }>): string {
  const names = parts.flatMap((part) => (part.type === 'file' && part.filename !== undefined ? [part.filename] : [])).join(', ')
  return names.length > 60 ? `${names.slice(0, 59)}…` : names || 'New chat'
}
