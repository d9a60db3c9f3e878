import type { UIMessage } from 'ai'
import type { ChatVote, MessageStatus } from '../../../shared/page-data.ts'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { cx } from '../../lib/cx.ts'
import { CopyButton } from './copy-button.tsx'
import { IconButton } from './icon-button.tsx'
import { MarkdownContent } from './markdown.tsx'
import { messageText } from './message-text.ts'
import { AssistantAvatar } from './thinking-indicator.tsx'
import { TextButton } from './text-button.tsx'
import { ReasoningBlock } from './reasoning-block.tsx'
import type { ReasoningUIPart } from 'ai'
import { isToolPart } from './parts/tool-part.ts'
import type { AnswerPartsProps } from './parts/answer-parts.tsx'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { LazyMessageMeta } from './message-meta-loader.ts'
import type { MessageMetaProps } from './message-meta.tsx'
import { ShowRest, clippedOf } from './show-rest.tsx'

const AnswerParts = lazyComponent<AnswerPartsProps>('the tool cards', () => import('./parts/answer-parts.tsx').then((module) => module.AnswerParts))

export interface AssistantMessageProps {
  message: UIMessage
  status: MessageStatus
  /** The answer is still being written: no actions yet. */
  streaming: boolean
  /** The connection dropped while it was written; it is followed again once the server answers. */
  reconnecting?: boolean
  /** The newest answer: its actions stay visible, and only it can be regenerated. */
  latest: boolean
  /** Readers of someone else's public chat get the text only. */
  readOnly: boolean
  vote?: ChatVote['value']
  onVote: (value: ChatVote['value'] | null) => void
  onRegenerate?: () => void
  /** Writes on after an answer that was stopped or cut for length (the newest only). */
  onContinue?: () => void
  versions?: MessageMetaProps['versions']
  /** Loads the rest of a message its page carried only the start of (resolves to the whole message; undefined when it could not). */
  onShowRest?: () => Promise<UIMessage | undefined>
}

export function AssistantMessage({ message, status, streaming, reconnecting = false, latest, readOnly, vote, onVote, onRegenerate, onContinue, versions, onShowRest }: AssistantMessageProps) {
  const text = messageText(message)
  const settled = !streaming && !reconnecting
  const reasoning = message.parts.filter((part): part is ReasoningUIPart => part.type === 'reasoning' && part.text !== '')
  const Parts = AnswerParts.useComponent(message.parts.some(isToolPart))
  const Meta = LazyMessageMeta.useComponent(!readOnly)
  const details = (message.metadata as { details?: { finishReason?: string; cutAtChars?: number } } | undefined)?.details
  const cutShort = details?.finishReason === 'length'
  const clipped = clippedOf(message)
  // Only words can be written on from where they stopped (the server says the same).
  // An answer that holds as much as a message may (cutAtChars) cannot go on.
  const resume = latest && !readOnly && settled && onContinue && details?.cutAtChars === undefined && !message.parts.some(isToolPart) && <TextButton onClick={onContinue}>Continue</TextButton>
  return (
    <article className="group flex gap-3" aria-label="Answer" data-role="assistant" data-status={status} data-message-id={message.id}>
      {/* On phones the text gets the whole width. */}
      <AssistantAvatar className="max-sm:hidden" />
      <div className="min-w-0 flex-1 pt-0.5">
        {reasoning.length > 0 && <ReasoningBlock parts={reasoning} />}
        {Parts && message.parts.some(isToolPart) ? (
          <Parts parts={message.parts} streaming={streaming} settled={settled} />
        ) : text ? (
          <MarkdownContent text={text} streaming={streaming} />
        ) : settled && reasoning.length === 0 && !clipped && <p className="text-sm text-neutral-600 italic dark:text-neutral-300">No answer text.</p>}
        {clipped && onShowRest && <ShowRest clipped={clipped} onShow={onShowRest} />}
        {reconnecting && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300" data-reconnecting>
            <Icon name="lucide:loader-circle" size={14} className="animate-spin" /> Connection lost. The answer continues here once the server answers.
          </p>
        )}
        {status === 'interrupted' && settled && (
          <p className="mt-2 inline-flex flex-wrap items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
            <Icon name="lucide:unplug" size={14} /> Interrupted: the connection or the server went down while this was written.
            {latest && !readOnly && onRegenerate && <TextButton onClick={onRegenerate}>Retry</TextButton>}
          </p>
        )}
        {status === 'partial' && settled && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
            <Icon name="lucide:circle-stop" size={14} /> Stopped
            {resume}
          </p>
        )}
        {cutShort && status === 'complete' && settled && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
            <Icon name="lucide:scissors" size={14} /> {details?.cutAtChars === undefined ? 'Cut short: the answer reached its length limit.' : 'Cut short: the answer reached what one message may hold.'}
            {resume}
          </p>
        )}
        {status === 'error' && settled && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-error-700 dark:text-error-300">
            <Icon name="lucide:triangle-alert" size={14} /> The answer could not be finished.
          </p>
        )}
        {settled && !readOnly && (
          <div
            className={cx(
              '-ml-1.5 mt-1 flex flex-wrap items-center gap-0.5 transition-opacity',
              !latest && 'sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100',
            )}
          >
            {/* A message shown in part is copied whole. */}
            {text && <CopyButton text={clipped && onShowRest ? () => onShowRest().then((whole) => (whole ? messageText(whole) : text)) : text} label="Copy answer" />}
            {/* Nothing to judge in an empty answer. */}
            {text && (
              <>
            <Tooltip content="Good answer">
              <IconButton label="Good answer" pressed={vote === 'up'} onClick={() => onVote(vote === 'up' ? null : 'up')}>
                <Icon name="lucide:thumbs-up" size={16} className={vote === 'up' ? 'fill-current' : undefined} />
              </IconButton>
            </Tooltip>
            <Tooltip content="Bad answer">
              <IconButton label="Bad answer" pressed={vote === 'down'} onClick={() => onVote(vote === 'down' ? null : 'down')}>
                <Icon name="lucide:thumbs-down" size={16} className={vote === 'down' ? 'fill-current' : undefined} />
              </IconButton>
            </Tooltip>
              </>
            )}
            {latest && onRegenerate && (
              <Tooltip content="Regenerate">
                <IconButton label="Regenerate" onClick={onRegenerate}>
                  <Icon name="lucide:refresh-cw" size={16} />
                </IconButton>
              </Tooltip>
            )}
            {Meta && <Meta message={message} versions={versions} answer />}
          </div>
        )}
      </div>
    </article>
  )
}
