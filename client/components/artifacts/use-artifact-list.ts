// The chat's artifacts on the branch shown, for the panel's menu: read when the panel opens, when
// the branch shown changes (a version switcher) and when an answer ends (it may have made one).
import { useEffect, useState } from 'react'
import type { ArtifactSummary } from '../../../shared/artifacts.ts'
import { artifactApi } from './artifact-api.ts'

export function useArtifactList(chatId: string, branch: string, busy: boolean): ArtifactSummary[] {
  const [list, setList] = useState<ArtifactSummary[]>([])
  useEffect(() => {
    if (busy) return
    let active = true
    artifactApi.list(chatId).then(
      (response) => active && setList(response.artifacts),
      (error: unknown) => console.warn('artifacts: the list could not be read', error),
    )
    return () => {
      active = false
    }
  }, [chatId, branch, busy])
  return list
}
