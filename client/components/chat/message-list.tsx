// The conversation itself: each message in order, an answer being written (or waiting for its
// first word), and what to do about a question left without an answer.
import type { UIMessage } from 'ai'
import type { ChatVote, MessageStatus } from '../../../shared/page-data.ts'
import { AssistantMessage } from './assistant-message.tsx'
import type { MessageMetaProps } from './message-meta.tsx'
import { hasContent } from './message-text.ts'
import { TextButton } from './text-button.tsx'
import { ThinkingIndicator } from './thinking-indicator.tsx'
import { UserMessage } from './user-message.tsx'

export interface MessageListProps {
  messages: UIMessage[]
  statuses: Record<string, MessageStatus>
  votes: Record<string, ChatVote['value']>
  /** A request of this screen is under way (sent, or its answer streaming). */
  busy: boolean
  /** An answer is being written: this screen's, or one the server was writing when the page loaded. */
  writing: boolean
  /** The connection dropped during the answer: it is followed again once the server answers. */
  reconnecting: boolean
  readOnly: boolean
  fileSizes?: Record<string, number>
  /** The version switcher under a message (nothing for a message with one version). */
  versionsOf: (messageId: string) => MessageMetaProps['versions']
  onEdit: (messageId: string, text: string) => Promise<void>
  onVote: (messageId: string, value: ChatVote['value'] | null) => void
  /** Answers the last question (again): Regenerate, Retry, "Answer it". */
  onAnswer: () => void
  onContinue: (answerId: string) => void
  /** Loads the whole of a message its page carried only the start of. */
  onShowRest: (messageId: string) => Promise<UIMessage | undefined>
}

export function MessageList({ messages, statuses, votes, busy, writing, reconnecting, readOnly, fileSizes, versionsOf, onEdit, onVote, onAnswer, onContinue, onShowRest }: MessageListProps) {
  const last = messages[messages.length - 1]
  const lastAssistantId = messages.findLast((m) => m.role === 'assistant')?.id
  const waitingForFirstWord = writing && (last?.role !== 'assistant' || !hasContent(last))
  const unanswered = !busy && !readOnly && last?.role === 'user'
  return (
    <>
      <div role="log" aria-label="Messages" aria-live="polite" aria-busy={busy} className="flex flex-col gap-6">
        {messages.map((message) =>
          message.role === 'user' ? (
            <UserMessage
              key={message.id}
              message={message}
              readOnly={readOnly}
              canEdit={!busy}
              onEdit={(text) => onEdit(message.id, text)}
              fileSizes={fileSizes}
              versions={versionsOf(message.id)}
              onShowRest={() => onShowRest(message.id)}
            />
          ) : message.role === 'assistant' && (hasContent(message) || !writing || message !== last) ? (
            <AssistantMessage
              key={message.id}
              message={message}
              status={statuses[message.id] ?? 'complete'}
              streaming={writing && message === last}
              reconnecting={reconnecting && message === last}
              latest={message.id === lastAssistantId && message === last}
              readOnly={readOnly}
              vote={votes[message.id]}
              onVote={(value) => onVote(message.id, value)}
              onRegenerate={onAnswer}
              onContinue={() => onContinue(message.id)}
              versions={versionsOf(message.id)}
              onShowRest={() => onShowRest(message.id)}
            />
          ) : null,
        )}
        {waitingForFirstWord && <ThinkingIndicator />}
      </div>
      {messages.length === 0 && <p className="py-10 text-center text-sm text-neutral-600 dark:text-neutral-300">No messages yet.</p>}
      {unanswered && (
        <div className="mt-4 flex items-center gap-3 text-sm text-neutral-600 dark:text-neutral-300">
          <span>This question has no answer yet.</span>
          <TextButton onClick={onAnswer}>Answer it</TextButton>
        </div>
      )}
    </>
  )
}
