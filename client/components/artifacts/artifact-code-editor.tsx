// The owner's Code tab: the editor (CodeMirror, a lazy chunk) and Save, which stores the text as a
// new version made on top of the newest one the user saw. Another version made meanwhile is a 409:
// the user's text stays, and the newer version can be loaded (the text can then be put back).
import { useState } from 'react'
import type { ArtifactVersionResponse } from '../../../shared/artifacts.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { notify } from '../../lib/toast.ts'
import { TextButton } from '../chat/text-button.tsx'
import { PRIMARY_TONE } from '../chat/text-button-tones.ts'
import { Icon } from '../ui/icon.tsx'
import { artifactApi } from './artifact-api.ts'
import type { ArtifactEditorProps } from './artifact-editor.tsx'

const Editor = lazyComponent<ArtifactEditorProps>('the code editor', () => import('./artifact-editor.tsx').then((module) => module.ArtifactEditor))

export interface ArtifactCodeEditorProps {
  chatId: string
  artifact: ArtifactVersionResponse
  draft?: { text: string; base: number }
  onDraft(draft: { text: string; base: number } | null): void
  onSaved(saved: ArtifactVersionResponse): void
  onLoadNewest(): void
  onSelection(text: string): void
}

export function ArtifactCodeEditor({ chatId, artifact, draft, onDraft, onSaved, onLoadNewest, onSelection }: ArtifactCodeEditorProps) {
  const Loaded = Editor.useComponent(true)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState(false)
  /** The user's text once the newer version was loaded over it (to put back). */
  const [kept, setKept] = useState<string | null>(null)
  const newest = artifact.versions.at(-1) ?? artifact.version
  const value = draft?.text ?? artifact.content
  const dirty = draft !== undefined && draft.text !== artifact.content

  function change(text: string) {
    // The base is the newest version the user saw when they started typing.
    onDraft(text === artifact.content && !draft ? null : { text, base: draft?.base ?? newest })
  }

  async function save() {
    if (!draft) return
    setSaving(true)
    try {
      const saved = await artifactApi.save(chatId, artifact.artifactId, { content: draft.text, baseVersion: draft.base })
      onDraft(null)
      setConflict(false)
      setKept(null)
      onSaved(saved)
      notify({ title: `Saved as version ${saved.version}`, description: 'The next answer sees your version.' })
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status === 409) setConflict(true)
      else notify({ title: 'Your edit was not saved', description: (error as Error).message, variant: 'error' })
    } finally {
      setSaving(false)
    }
  }

  function loadNewer() {
    setKept(draft?.text ?? null)
    setConflict(false)
    onDraft(null)
    onLoadNewest()
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {conflict && (
        <div role="alert" className="m-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p>A newer version was made while you edited. Your text is still here, not saved.</p>
          <div className="mt-2">
            <TextButton onClick={loadNewer}>Load the newer version</TextButton>
          </div>
        </div>
      )}
      {kept !== null && !draft && (
        <div role="status" className="m-3 flex flex-wrap items-center gap-2 rounded-md border border-neutral-200 p-3 text-sm dark:border-neutral-700">
          <span>This is version {artifact.version}. Your unsaved text is kept.</span>
          <TextButton onClick={() => (onDraft({ text: kept, base: newest }), setKept(null))}>Put my edit back</TextButton>
        </div>
      )}
      <div className="min-h-64 flex-1">
        {Loaded ? (
          <Loaded value={value} kind={artifact.kind} language={artifact.language} label={`Code of ${artifact.title}`} onChange={change} onSelection={(text) => onSelection(text.trim())} />
        ) : (
          <p className="p-4 text-sm text-neutral-600 dark:text-neutral-300" role="status">
            Loading the editor…
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2 border-t border-neutral-200 px-3 py-2 dark:border-neutral-700">
        <TextButton tone={PRIMARY_TONE} disabled={!dirty || saving} onClick={() => void save()}>
          <Icon name="lucide:save" size={16} /> {saving ? 'Saving…' : 'Save'}
        </TextButton>
        {dirty && <TextButton onClick={() => onDraft(null)}>Discard</TextButton>}
        <span className="text-xs text-neutral-600 dark:text-neutral-300">{dirty ? `Unsaved edit of version ${draft!.base}` : `Version ${artifact.version}`}</span>
      </div>
    </div>
  )
}
