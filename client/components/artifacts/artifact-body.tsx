// The panel's tabs: Preview, Code (an editor for the owner, highlighted code for readers and while
// the model writes) and Changes (against the version before), with the selection's Ask/Change bar.
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { ArtifactKind, ArtifactVersionResponse } from '../../../shared/artifacts.ts'
import { CodeBlock, StreamingContext } from '../chat/code-block.tsx'
import { ArtifactPreview } from './artifact-preview.tsx'
import { ArtifactCodeEditor } from './artifact-code-editor.tsx'
import { ArtifactChangesTab } from './artifact-changes-tab.tsx'
import { askAboutMessage, changeMessage, SelectionActions, useSelectedText } from './selection-actions.tsx'

export type PanelTab = 'preview' | 'code' | 'changes'

export interface ArtifactBodyProps {
  chatId: string
  artifactId?: string
  /** The stored version shown (null while the first one is written). */
  artifact: ArtifactVersionResponse | null
  kind: ArtifactKind
  title: string
  language?: string
  content: string
  writing: boolean
  readOnly: boolean
  tab: PanelTab
  onTab(tab: PanelTab): void
  draft?: { text: string; base: number }
  onDraft(draft: { text: string; base: number } | null): void
  onSaved(saved: ArtifactVersionResponse): void
  onLoadNewest(): void
  onFill(text: string): void
  onSend(text: string): void
}

const codeLanguage = (kind: ArtifactKind, language?: string) => (kind === 'code' ? language : kind === 'document' ? 'markdown' : kind === 'react' ? 'jsx' : kind === 'table' ? 'csv' : kind === 'svg' ? 'xml' : kind)

export function ArtifactBody(props: ArtifactBodyProps) {
  const { kind, title, content, writing, artifact, artifactId } = props
  const earlier = artifact ? artifact.versions.indexOf(artifact.version) : -1
  const tabs: PanelTab[] = ['preview', 'code', ...(earlier > 0 && !writing ? (['changes'] as const) : [])]
  const tab = tabs.includes(props.tab) ? props.tab : tabs[0]!
  const body = useRef<HTMLDivElement>(null)
  const domSelection = useSelectedText(body)
  const [editorSelection, setEditorSelection] = useState('')
  const selected = tab === 'code' && !props.readOnly && !writing ? editorSelection : domSelection
  const selectable = !props.readOnly && !writing && (kind === 'document' || tab === 'code' || kind === 'code')
  const tabIds = `artifact-tab${useId().replace(/[^\w-]/g, '')}`

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(tab)
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const chosen = tabs[(next + tabs.length) % tabs.length]!
    props.onTab(chosen)
    document.getElementById(`${tabIds}-${chosen}`)?.focus()
  }

  const askToFix =
    props.readOnly || writing || !artifactId
      ? undefined
      : (error: string) =>
          props.onSend(`The artifact “${title}” (id ${artifactId}${artifact ? `, version ${artifact.version}` : ''}) fails in its preview with this error:\n\n\`\`\`\n${error}\n\`\`\`\n\nPlease fix it.`)

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="tablist" aria-label="Views of the artifact" onKeyDown={onTabKey} className="flex shrink-0 gap-1 border-b border-neutral-200 px-3 dark:border-neutral-700">
        {tabs.map((name) => (
          <button
            key={name}
            id={`${tabIds}-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${tabIds}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => props.onTab(name)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 ${tab === name ? 'border-primary-600 text-neutral-900 dark:border-primary-400 dark:text-white' : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white'}`}>
            {name === 'preview' ? 'Preview' : name === 'code' ? 'Code' : 'Changes'}
            {name === 'code' && props.draft && <span className="sr-only"> (unsaved edit)</span>}
            {name === 'code' && props.draft && <span aria-hidden="true"> •</span>}
          </button>
        ))}
      </div>
      <div ref={body} id={`${tabIds}-panel`} role="tabpanel" aria-labelledby={`${tabIds}-${tab}`} className="flex min-h-0 flex-1 flex-col overflow-auto" data-artifact-tab={tab}>
        {tab === 'preview' && <ArtifactPreview kind={kind} title={title} language={props.language} content={content} streaming={writing} onAskToFix={askToFix} />}
        {tab === 'code' &&
          (props.readOnly || writing || !artifact ? (
            <div className="px-3">
              <StreamingContext value={writing}>
                <CodeBlock code={content} language={codeLanguage(kind, props.language)} />
              </StreamingContext>
            </div>
          ) : (
            <ArtifactCodeEditor
              chatId={props.chatId}
              artifact={artifact}
              draft={props.draft}
              onDraft={props.onDraft}
              onSaved={props.onSaved}
              onLoadNewest={props.onLoadNewest}
              onSelection={setEditorSelection}
            />
          ))}
        {tab === 'changes' && artifact && earlier > 0 && <ArtifactChangesTab chatId={props.chatId} artifact={artifact} previous={artifact.versions[earlier - 1]!} />}
      </div>
      {selectable && (
        <SelectionActions
          text={selected}
          onAsk={() => props.onFill(askAboutMessage(title, selected))}
          onChange={artifactId ? () => props.onFill(changeMessage(title, artifactId, selected)) : undefined}
        />
      )}
    </div>
  )
}
