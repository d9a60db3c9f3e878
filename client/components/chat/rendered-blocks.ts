// Rendered Markdown blocks, kept by their text: parsing is most of what a chat screen's server
// render costs (micromark, GFM, mdast → hast → React elements), and the blocks of a finished answer
// never change. A reload, a public chat read by many, or going back to a chat renders each block
// once; a React element tree is an immutable description, safe to hand to every render. What a
// block renders to depends on its text alone, so sharing across visitors reveals nothing. Only
// finished blocks come here (a streaming answer's last block changes with every token).

/** Least recently used first out, within a number of blocks and a number of characters of Markdown. */
export function createRenderedBlocks<T>(limits: { maxBlocks: number; maxChars: number }) {
  const blocks = new Map<string, T>()
  let chars = 0
  return {
    get(markdown: string, render: (markdown: string) => T): T {
      const known = blocks.get(markdown)
      if (known !== undefined) {
        // Map keeps insertion order: re-inserting makes it the most recently used.
        blocks.delete(markdown)
        blocks.set(markdown, known)
        return known
      }
      const rendered = render(markdown)
      if (markdown.length > limits.maxChars) return rendered
      blocks.set(markdown, rendered)
      chars += markdown.length
      for (const [oldest] of blocks) {
        if (blocks.size <= limits.maxBlocks && chars <= limits.maxChars) break
        blocks.delete(oldest)
        chars -= oldest.length
      }
      return rendered
    },
    get size() {
      return blocks.size
    },
    get chars() {
      return chars
    },
  }
}
