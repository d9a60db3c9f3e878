// GitHub Flavored Markdown (tables, strikethrough, task lists, autolinks, footnotes) for parsing
// only. remark-gfm also brings the Markdown *writer* extensions, which a renderer never uses and
// which would ship in the chat screen's first load.
import { gfm } from 'micromark-extension-gfm'
import { gfmFromMarkdown } from 'mdast-util-gfm'

interface ParserData {
  micromarkExtensions?: unknown[]
  fromMarkdownExtensions?: unknown[]
}

export function remarkGfmParse(this: { data(): object }) {
  const data = this.data() as ParserData
  ;(data.micromarkExtensions ??= []).push(gfm())
  ;(data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown())
}
