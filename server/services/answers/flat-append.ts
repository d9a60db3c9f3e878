// Text that grows a token at a time, kept compact. V8 joins `a + b` by reference (a "cons string"
// of 32 bytes pointing at both), so an answer of 200 tokens appended one by one is a tree of 200
// nodes over 200 small strings: ~6.4 KB for 1.3 KB of text (measured), held until something reads
// it whole. A thousand running answers hold that for each text they keep (the stored part, the
// replay history). Every FLATTEN_EVERY appends the text is read once, which makes V8 copy it into
// one flat string in place; the copies cost O(length / FLATTEN_EVERY) per token.
const FLATTEN_EVERY = 16

const appendsSinceFlat = new WeakMap<object, number>()

/** `holder[key] += delta`, flattened every FLATTEN_EVERY appends to the same holder. */
export function appendFlat<K extends string>(holder: Record<K, string>, key: K, delta: string): void {
  const text = holder[key] + delta
  holder[key] = text
  const appends = (appendsSinceFlat.get(holder) ?? 0) + 1
  if (appends < FLATTEN_EVERY) {
    appendsSinceFlat.set(holder, appends)
    return
  }
  appendsSinceFlat.set(holder, 0)
  // Reading a character of a cons string flattens it (V8's String::Flatten, in place).
  text.charCodeAt(0)
}
