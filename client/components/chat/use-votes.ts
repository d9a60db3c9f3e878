// Thumbs up / down on answers: shown at once, saved in the background, taken back (with a toast)
// when the server does not store it.
import { useState } from 'react'
import type { ChatVote } from '../../../shared/page-data.ts'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { describeChatError } from './chat-errors.ts'

type Votes = Record<string, ChatVote['value']>

export function useVotes(chatId: string, initial: ChatVote[]) {
  const [votes, setVotes] = useState<Votes>(() => Object.fromEntries(initial.map((vote) => [vote.messageId, vote.value])))

  async function vote(messageId: string, value: ChatVote['value'] | null) {
    const before = votes[messageId]
    const apply = (next: ChatVote['value'] | undefined) =>
      setVotes((current) => {
        const copy = { ...current }
        if (next) copy[messageId] = next
        else delete copy[messageId]
        return copy
      })
    apply(value ?? undefined)
    try {
      // keepalive: a vote given just before leaving the page is still sent.
      await http.post(`/api/chats/${encodeURIComponent(chatId)}/votes`, { messageId, value }, { keepalive: true })
    } catch (error) {
      apply(before)
      notify({ title: 'Your vote was not saved', description: describeChatError(error).message, variant: 'error' })
    }
  }

  return { votes, vote }
}
