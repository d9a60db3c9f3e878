// An answer that used tools: its parts in the order they came — text as Markdown, each tool call as
// a card — and the sources it cites under it. A lazy chunk (with the cards, the weather view and their stylesheet): a chat without tool
// calls loads none of it; until it is there (and in the server's HTML) the answer shows its text.
import type { ReactElement } from 'react'
import type { UIMessage } from 'ai'
import { ToolCard } from './tool-card.tsx'
import { isToolPart, type ToolPartLike } from './tool-part.ts'
import { CitedMarkdown, SourceList, type SourcePart } from './sources.tsx'
import { ArtifactCard } from '../../artifacts/artifact-card.tsx'
import { isArtifactCall } from '../../artifacts/live-artifact.ts'

export interface AnswerPartsProps {
  parts: UIMessage['parts']
  streaming: boolean
  /** The answer has ended (a call still without a result did not finish). */
  settled: boolean
}

export function AnswerParts({ parts, streaming, settled }: AnswerPartsProps) {
  const sources = parts.filter((part): part is SourcePart & (typeof parts)[number] => part.type === 'source-url')
  const out: ReactElement[] = []
  let text: string[] = []
  const flushText = (last: boolean) => {
    if (text.length > 0) out.push(<CitedMarkdown key={`text-${out.length}`} text={text.join('\n\n')} sources={sources} streaming={streaming && last} />)
    text = []
  }
  parts.forEach((part, index) => {
    if (part.type === 'text') {
      if (part.text) text.push(part.text)
    } else if (isToolPart(part)) {
      flushText(false)
      const tool = part as ToolPartLike
      // An artifact call is a card that opens the panel; its error shows as any tool's does.
      const Card = isArtifactCall(tool) && tool.state !== 'output-error' ? ArtifactCard : ToolCard
      out.push(<Card key={tool.toolCallId ?? index} part={tool} settled={settled} />)
    }
  })
  flushText(true)
  if (sources.length > 0) out.push(<SourceList key="sources" sources={sources} />)
  return <>{out}</>
}
