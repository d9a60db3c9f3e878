// How an artifact card in an answer (a lazy chunk) reaches the panel beside the chat (another one):
// a context the chat's layout provides. Tiny on purpose: it is part of the chat screen's first load.
import { createContext, useContext } from 'react'

/** What to show: a stored version, or the tool call writing it (shown live while it streams). */
export interface ArtifactTarget {
  artifactId?: string
  version?: number
  toolCallId?: string
  /** The answer holding that call (call ids are unique within an answer only, with some models). */
  messageId?: string
  /** Opened by itself (the model started writing it): the focus stays where the user is. */
  quiet?: boolean
}

export interface ArtifactOpener {
  open(target: ArtifactTarget): void
  /** The artifact the panel shows now (the card of it looks pressed). */
  shownId: string | undefined
  shownCall: string | undefined
  shownMessage: string | undefined
}

export const ArtifactContext = createContext<ArtifactOpener | null>(null)

export const useArtifactOpener = () => useContext(ArtifactContext)

/** `#artifact=<id>` in the address: the panel reopens on it after a reload. */
export function artifactFromHash(hash: string): string | undefined {
  const match = /(?:^#|&)artifact=([\w-]{1,80})(?:&|$)/.exec(hash)
  return match?.[1]
}
