// The panel's header: the artifact's title and kind, its versions (`2 / 5`, previous and next), the
// chat's other artifacts, copy, download, Open in a new tab (for what runs in the sandbox) and close.
import type { Ref } from 'react'
import { SANDBOXED_KINDS, type ArtifactKind, type ArtifactSummary } from '../../../shared/artifacts.ts'
import { Icon } from '../ui/icon.tsx'
import { Menu } from '../ui/menu.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { CopyButton } from '../chat/copy-button.tsx'
import { IconButton, iconButtonClasses } from '../chat/icon-button.tsx'
import { downloadArtifact, KIND_ICONS, KIND_NAMES } from './artifact-kinds.ts'
import { viewUrl } from './artifact-sandbox.ts'

export interface ArtifactHeaderProps {
  titleId: string
  titleRef: Ref<HTMLHeadingElement>
  chatId: string
  artifactId?: string
  kind?: ArtifactKind
  title: string
  language?: string
  content: string
  /** The version shown and every version on the branch; absent while the first one is written. */
  version?: number
  versions?: number[]
  writing: boolean
  list: ArtifactSummary[]
  onVersion(version: number): void
  onPick(artifactId: string): void
  onClose(): void
}

export function ArtifactHeader(props: ArtifactHeaderProps) {
  const { kind, title, content, version, versions = [], writing } = props
  const index = version === undefined ? -1 : versions.indexOf(version)
  const sandboxed = kind && SANDBOXED_KINDS.includes(kind)
  const href = props.artifactId && version && sandboxed && !writing ? viewUrl(props.chatId, props.artifactId, version) : undefined
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-neutral-200 px-3 py-2 dark:border-neutral-700">
      <Icon name={kind ? KIND_ICONS[kind] : 'lucide:file-code'} size={18} className="text-neutral-600 dark:text-neutral-300" />
      {/* At least this wide: on a phone the buttons go to a second row rather than the title to one letter. */}
      <div className="min-w-40 flex-1">
        <h2 id={props.titleId} ref={props.titleRef} tabIndex={-1} className="truncate text-sm font-semibold text-neutral-900 outline-none dark:text-neutral-100">
          {title}
        </h2>
        <p className="text-xs text-neutral-600 dark:text-neutral-300">
          {kind ? KIND_NAMES[kind] : 'Artifact'}
          {props.language && kind === 'code' ? ` · ${props.language}` : ''}
          {writing ? ' · Writing…' : ''}
        </p>
      </div>
      {index >= 0 && versions.length > 0 && (
        <div className="flex items-center" role="group" aria-label="Artifact versions">
          <IconButton label="Previous version" disabled={index <= 0 || writing} onClick={() => props.onVersion(versions[index - 1]!)}>
            <Icon name="lucide:chevron-left" size={16} />
          </IconButton>
          <span className="min-w-12 text-center text-xs text-neutral-700 tabular-nums dark:text-neutral-200" aria-live="polite" data-artifact-version={version}>
            <span className="sr-only">Version </span>
            {index + 1} / {versions.length}
          </span>
          <IconButton label="Next version" disabled={index >= versions.length - 1 || writing} onClick={() => props.onVersion(versions[index + 1]!)}>
            <Icon name="lucide:chevron-right" size={16} />
          </IconButton>
        </div>
      )}
      <div className="ml-auto flex items-center">
        {props.list.length > 0 && (
          <Menu
            label="Artifacts in this chat"
            tooltip="Artifacts in this chat"
            trigger={<Icon name="lucide:list" size={16} />}
            triggerClassName={iconButtonClasses(false)}
            sections={[
              {
                label: 'Artifacts in this chat',
                items: props.list.map((item) => ({
                  label: item.title,
                  hint: `${KIND_NAMES[item.kind]} · v${item.version}`,
                  checked: item.artifactId === props.artifactId,
                  icon: <Icon name={KIND_ICONS[item.kind]} size={16} />,
                  onSelect: () => props.onPick(item.artifactId),
                })),
              },
            ]}
          />
        )}
        {content && <CopyButton text={content} label="Copy" />}
        {kind && content && (
          <Tooltip content="Download">
            <IconButton label="Download" onClick={() => downloadArtifact(content, title, kind, props.language)}>
              <Icon name="lucide:download" size={16} />
            </IconButton>
          </Tooltip>
        )}
        {href && (
          <Tooltip content="Open in a new tab">
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label="Open in a new tab" className={iconButtonClasses(false)}>
              <Icon name="lucide:external-link" size={16} />
            </a>
          </Tooltip>
        )}
        <Tooltip content="Close (Esc)">
          <IconButton label="Close the artifact" onClick={props.onClose}>
            <Icon name="lucide:x" size={16} />
          </IconButton>
        </Tooltip>
      </div>
    </header>
  )
}
