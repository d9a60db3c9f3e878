// Text that grows a token at a time, kept compact. V8 joins `a + b` by reference (a "cons string"
// of 32 bytes pointing at both), so an answer of 200 tokens appended one by one is a tree of 200
// nodes over 200 small strings: ~6.4 KB for 1.3 KB of text (measured), held until something reads
// it whole. A thousand running answers hold that for each text they keep (the stored part, the
// replay history). Each time the text passes a multiple of FLATTEN_EVERY_CHARS it is read once,
// which makes V8 copy it into one flat string in place (1.6 KB for the same answer). Decided from
// the lengths alone: nothing is counted per text on this path, which runs for every token.
const FLATTEN_EVERY_CHARS = 64

/** `holder[key] += delta`, flattened each time the text passes a multiple of FLATTEN_EVERY_CHARS. */
export function appendFlat<K extends string>(holder: Record<K, string>, key: K, delta: string): void {
  const before = holder[key]
  const text = before + delta
  holder[key] = text
  // Reading a character of a cons string flattens it (V8's String::Flatten, in place).
  if (Math.floor(text.length / FLATTEN_EVERY_CHARS) !== Math.floor(before.length / FLATTEN_EVERY_CHARS)) text.charCodeAt(0)
}
