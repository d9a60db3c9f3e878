// The Changes tab's data: the version before the one shown, then the diff (its own chunk).
import { useEffect, useState } from 'react'
import type { ArtifactVersionResponse } from '../../../shared/artifacts.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { artifactApi } from './artifact-api.ts'
import type { ArtifactChangesProps } from './artifact-changes.tsx'

const Changes = lazyComponent<ArtifactChangesProps>('the changes view', () => import('./artifact-changes.tsx').then((module) => module.ArtifactChanges))

export function ArtifactChangesTab({ chatId, artifact, previous }: { chatId: string; artifact: ArtifactVersionResponse; previous: number }) {
  const [before, setBefore] = useState<{ version: number; content: string } | { error: string } | null>(null)
  const Loaded = Changes.useComponent(true)
  useEffect(() => {
    let active = true
    artifactApi.version(chatId, artifact.artifactId, previous).then(
      (response) => active && setBefore({ version: response.version, content: response.content }),
      (error: Error) => active && setBefore({ error: error.message }),
    )
    return () => {
      active = false
    }
  }, [chatId, artifact.artifactId, previous])
  if (before && 'error' in before) return <p role="alert" className="p-4 text-sm">The version before could not be loaded: {before.error}</p>
  if (!before || !Loaded || before.version !== previous)
    return (
      <p role="status" className="p-4 text-sm text-neutral-600 dark:text-neutral-300">
        Comparing with version {previous}…
      </p>
    )
  return <Loaded before={before.content} after={artifact.content} beforeVersion={previous} afterVersion={artifact.version} />
}
