// The Preview tab: each kind drawn the way the app draws it elsewhere — a document as an answer's
// Markdown (math and diagrams too), code highlighted like code blocks, a Mermaid diagram with the
// chat's diagram component, a table sortable — and html, svg and react in the sandbox. A sandboxed
// preview that fails says why and offers Ask to fix (the user's button: the sandbox asks for nothing).
import { useState } from 'react'
import type { ArtifactKind } from '../../../shared/artifacts.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { resolvedMode, useColorMode } from '../../lib/color-mode.ts'
import { MarkdownContent } from '../chat/markdown.tsx'
import { CodeBlock, StreamingContext } from '../chat/code-block.tsx'
import { TextButton } from '../chat/text-button.tsx'
import { Icon } from '../ui/icon.tsx'
import { loadSandboxFrame, type SandboxFrameLike } from './artifact-sandbox.ts'
import { TablePreview } from './table-preview.tsx'
import { useThrottled } from './use-throttled.ts'

const Mermaid = lazyComponent<{ code: string }>('the diagram', () => import('../chat/mermaid-diagram.tsx').then((module) => module.MermaidDiagram))
const Sandbox = lazyComponent<SandboxFrameLike>('the preview sandbox', loadSandboxFrame)

export interface ArtifactPreviewProps {
  kind: ArtifactKind
  title: string
  language?: string
  content: string
  streaming: boolean
  /** Absent on a page that cannot ask the model (someone else's chat). */
  onAskToFix?(error: string): void
}

export function ArtifactPreview({ kind, title, language, content, streaming, onAskToFix }: ArtifactPreviewProps) {
  // Redrawn a few times a second while the model writes, not on every piece of it.
  const shown = useThrottled(content, 250, streaming)
  const theme = resolvedMode(useColorMode())
  const [error, setError] = useState<{ content: string; message: string } | null>(null)
  const Diagram = Mermaid.useComponent(kind === 'mermaid' && !streaming)
  const Frame = Sandbox.useComponent(kind === 'html' || kind === 'svg' || kind === 'react')
  switch (kind) {
    case 'document':
      return (
        <div className="px-5 py-4" data-artifact-preview="document">
          <MarkdownContent text={shown} streaming={streaming} />
        </div>
      )
    case 'code':
      return (
        <div className="px-3" data-artifact-preview="code">
          <StreamingContext value={streaming}>
            <CodeBlock code={shown} language={language} />
          </StreamingContext>
        </div>
      )
    case 'mermaid':
      // Half a diagram cannot be drawn: its code shows until it is whole.
      return (
        <div className="px-3" data-artifact-preview="mermaid">
          {Diagram && !streaming ? <Diagram code={shown} /> : <CodeBlock code={shown} language="mermaid" />}
        </div>
      )
    case 'table':
      return (
        <div data-artifact-preview="table">
          <TablePreview content={shown} title={title} />
        </div>
      )
    default: {
      const failed = error && error.content === shown ? error.message : null
      return (
        <div className="flex min-h-0 flex-1 flex-col" data-artifact-preview={kind}>
          {failed && (
            <div role="alert" className="m-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
              <p className="flex items-center gap-2 font-medium">
                <Icon name="lucide:circle-alert" size={16} /> The preview failed
              </p>
              <pre className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{failed}</pre>
              {onAskToFix && (
                <div className="mt-2">
                  <TextButton onClick={() => onAskToFix(failed)}>
                    <Icon name="lucide:wand-sparkles" size={16} /> Ask to fix
                  </TextButton>
                </div>
              )}
            </div>
          )}
          {Frame ? (
            <Frame kind={kind} content={shown} theme={theme} title={`Preview of ${title}`} onError={(message) => setError({ content: shown, message })} onRendered={() => setError(null)} />
          ) : (
            <p className="p-4 text-sm text-neutral-600 dark:text-neutral-300">Loading the preview…</p>
          )}
        </div>
      )
    }
  }
}
