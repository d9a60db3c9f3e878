import { useState } from 'react'
import type { UIMessage } from 'ai'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { CopyButton } from './copy-button.tsx'
import { IconButton } from './icon-button.tsx'
import { messageText } from './message-text.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import type { MessageEditorProps } from './message-editor.tsx'
import type { MessageFilesProps } from './attachments/message-files.tsx'
import type { SentFile } from './attachments/file-sizes.ts'
import { LazyMessageMeta } from './message-meta-loader.ts'
import type { MessageMetaProps } from './message-meta.tsx'
import { ShowRest, clippedOf } from './show-rest.tsx'

const Editor = lazyComponent<MessageEditorProps>('the message editor', () => import('./message-editor.tsx').then((module) => module.MessageEditor))
// Thumbnails and file cards: loaded only for a message that carries files.
const Files = lazyComponent<MessageFilesProps>('the message files', () => import('./attachments/message-files.tsx').then((module) => module.MessageFiles))

export interface UserMessageProps {
  message: UIMessage
  /** Editing is offered when no answer is being written and the chat is the visitor's. */
  canEdit: boolean
  readOnly: boolean
  /** Sends the edited text as a new version of this message (this one stays, a version back); rejects when it could not. */
  onEdit: (text: string) => Promise<void>
  /** The chat's file sizes by file id (the file cards show them). */
  fileSizes?: Record<string, number>
  versions?: MessageMetaProps['versions']
  /** Loads the rest of a message its page carried only the start of (resolves to the whole message; undefined when it could not). */
  onShowRest?: () => Promise<UIMessage | undefined>
}

/** The visitor's own message: plain text (never Markdown, never HTML), editable in place. */
export function UserMessage({ message, canEdit, readOnly, onEdit, fileSizes, versions, onShowRest }: UserMessageProps) {
  const text = messageText(message)
  const clipped = clippedOf(message)
  const files = message.parts.filter((part) => part.type === 'file') as SentFile[]
  const LoadedFiles = Files.useComponent(files.length > 0)
  const Meta = LazyMessageMeta.useComponent(!readOnly)
  const [editing, setEditing] = useState(false)
  const Loaded = Editor.useComponent(editing)

  if (editing && Loaded) {
    return (
      <Loaded
        initial={text}
        onCancel={() => setEditing(false)}
        onSave={async (next) => {
          await onEdit(next)
          setEditing(false)
        }}
      />
    )
  }

  return (
    <article className="group flex flex-col items-end" aria-label="Your message" data-role="user" data-message-id={message.id}>
      {LoadedFiles && files.length > 0 && <LoadedFiles files={files} sizes={fileSizes} />}
      {text && (
        <div className="max-w-[85%] rounded-2xl bg-neutral-100 px-4 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100">
          {text}
        </div>
      )}
      {clipped && onShowRest && <ShowRest clipped={clipped} onShow={onShowRest} />}
      {!readOnly && (
        <div className="mt-1 -mr-1 flex items-center gap-0.5 transition-opacity sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          {Meta && <Meta message={message} versions={versions} />}
          {text && <CopyButton text={clipped && onShowRest ? () => onShowRest().then((whole) => (whole ? messageText(whole) : text)) : text} label="Copy message" />}
          {canEdit && (
            <Tooltip content="Edit message">
              {/* A message the page carried only the start of is edited whole: its rest loads first. */}
              <IconButton label="Edit message" onClick={() => void (clipped && onShowRest ? onShowRest() : Promise.resolve()).then(() => setEditing(true))} onPointerEnter={() => void Editor.load()} onFocus={() => void Editor.load()}>
                <Icon name="lucide:pencil" size={16} />
              </IconButton>
            </Tooltip>
          )}
        </div>
      )}
    </article>
  )
}
