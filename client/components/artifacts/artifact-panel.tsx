// The artifact panel (its own chunk): beside the chat on a wide screen, with a divider that resizes
// it; a full-screen dialog on a phone. It shows the artifact a card opened — live from the tool call
// while the model writes it, then the stored versions — with Preview, Code (the editor) and Changes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { ArtifactKind, ArtifactVersionResponse } from '../../../shared/artifacts.ts'
import { keepTabInside } from '../../lib/focus-trap.ts'
import type { ArtifactLayoutProps } from './artifact-layout.tsx'
import { artifactFromHash, type ArtifactTarget } from './artifact-context.ts'
import { artifactApi } from './artifact-api.ts'
import { ArtifactHeader } from './artifact-header.tsx'
import { ArtifactBody, type PanelTab } from './artifact-body.tsx'
import { findArtifactCall, readArtifactCall } from './live-artifact.ts'
import { PanelResizer, usePanelWidth } from './panel-resizer.tsx'
import { useArtifactList } from './use-artifact-list.ts'
import { useMediaQuery } from './use-media-query.ts'

type Drafts = Record<string, { text: string; base: number }>
/** Unsaved edits by chat: closing the panel (Escape, a phone's Close) loses nothing typed. */
const keptDrafts = new Map<string, Drafts>()

/** What the layout has (the chat's messages, the composer, …), and what to show. */
export interface ArtifactPanelProps extends Omit<ArtifactLayoutProps, 'children'> {
  target: ArtifactTarget
  /** Shows another artifact (the panel's list). */
  onShow(target: ArtifactTarget): void
  onClose(): void
}

export function ArtifactPanel(props: ArtifactPanelProps) {
  const { chatId, target, messages, busy } = props
  const phone = useMediaQuery('(max-width: 767px)')
  const [width, setWidth] = usePanelWidth()
  const titleId = useId()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const root = useRef<HTMLElement>(null)
  /** Where the focus was when the panel opened: it goes back there when the panel closes. */
  const returnTo = useRef<HTMLElement | null>(null)

  const call = target.toolCallId ? findArtifactCall(messages, target.toolCallId, target.messageId) : undefined
  const live = call ? readArtifactCall(call) : undefined
  // A call the answer ended without finishing shows what the store has, if anything.
  const writing = Boolean(live?.streaming && busy)
  const artifactId = live?.output?.artifactId ?? target.artifactId ?? live?.artifactId
  const branch = messages.map((message) => message.id).join(',')
  const list = useArtifactList(chatId, branch, busy)

  /** A version chosen in the panel (the switcher, a save) for what it shows now; another card opened starts from its own. */
  const [picked, setPicked] = useState<{ artifactId?: string; version: number; target: ArtifactTarget } | null>(null)
  const version = picked && picked.target === target && picked.artifactId === artifactId ? picked.version : (live?.output?.version ?? target.version)
  const [loaded, setLoaded] = useState<ArtifactVersionResponse | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [reloads, setReloads] = useState(0)
  const [tab, setTab] = useState<PanelTab>('preview')
  /** The user's unsaved text, per artifact (kept across tabs and versions until saved or discarded). */
  const [drafts, setDrafts] = useState<Drafts>(() => keptDrafts.get(chatId) ?? {})
  useEffect(() => void keptDrafts.set(chatId, drafts), [chatId, drafts])

  useEffect(() => {
    if (!artifactId || writing) return
    let active = true
    artifactApi.version(chatId, artifactId, version).then(
      (response) => {
        if (!active) return
        setLoaded(response)
        setProblem(null)
      },
      (error: { status?: number; message?: string }) => {
        if (!active) return
        // A version pinned from a card of another branch: the newest on this one instead.
        if (error.status === 404 && version) return setPicked({ artifactId, version: 0, target })
        setProblem(error.status === 404 ? 'This artifact is not on the branch shown.' : `The artifact could not be loaded: ${error.message ?? 'unknown error'}`)
      },
    )
    return () => {
      active = false
    }
  }, [chatId, artifactId, version, writing, branch, reloads])

  // `#artifact=<id>`: a reload opens the panel on it again.
  useEffect(() => {
    if (!artifactId) return
    const hash = `#artifact=${artifactId}`
    if (location.hash !== hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`)
  }, [artifactId])
  // Closed: the address no longer names it.
  useEffect(
    () => () => {
      if (artifactFromHash(location.hash)) history.replaceState(history.state, '', location.pathname + location.search)
    },
    [],
  )

  // Focus moves into the panel when it opens (unless it opened by itself), and back to where it
  // came from when it closes — unless the user has put it somewhere else meanwhile.
  useEffect(() => {
    returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    return () => {
      if (document.activeElement && document.activeElement !== document.body) return
      const back = returnTo.current
      if (back?.isConnected) back.focus()
      else document.querySelector<HTMLElement>('textarea')?.focus()
    }
  }, [])
  useEffect(() => {
    if (!target.quiet || phone) titleRef.current?.focus()
  }, [target, phone])

  const current = loaded && loaded.artifactId === artifactId ? loaded : null
  const shownLive = writing && live?.content !== undefined
  const kind: ArtifactKind | undefined = (shownLive ? live?.kind : undefined) ?? current?.kind ?? live?.kind
  const title = (shownLive ? live?.title : undefined) || current?.title || live?.title || 'Artifact'
  const language = current?.language ?? live?.language
  const content = shownLive ? live!.content! : (current?.content ?? '')
  const draft = artifactId ? drafts[artifactId] : undefined

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault()
      props.onClose()
    }
    if (phone && root.current) keepTabInside(event.nativeEvent, root.current)
  }

  function fill(text: string) {
    props.composer.current?.fill(text)
    // On a phone the sheet covers the composer: close it so the message can be finished.
    if (phone) props.onClose()
  }

  const header = (
    <ArtifactHeader
      titleId={titleId}
      titleRef={titleRef}
      chatId={chatId}
      artifactId={artifactId}
      kind={kind}
      title={title}
      language={language}
      content={content}
      version={writing ? undefined : current?.version}
      versions={current?.versions}
      writing={writing}
      list={list}
      onVersion={(next) => artifactId && setPicked({ artifactId, version: next, target })}
      onPick={(id) => (setTab('preview'), props.onShow({ artifactId: id }))}
      onClose={props.onClose}
    />
  )
  const body =
    problem && !writing ? (
      <p role="alert" className="p-4 text-sm text-neutral-700 dark:text-neutral-200">
        {problem}
      </p>
    ) : kind && (shownLive || current) ? (
      <ArtifactBody
        key={artifactId ?? target.toolCallId}
        chatId={chatId}
        artifactId={artifactId}
        artifact={current}
        kind={kind}
        title={title}
        language={language}
        content={content}
        writing={writing}
        readOnly={props.readOnly}
        tab={tab}
        onTab={setTab}
        draft={draft}
        onDraft={(next) => artifactId && setDrafts(({ [artifactId]: _, ...rest }) => (next ? { ...rest, [artifactId]: next } : rest))}
        onSaved={(saved) => {
          setLoaded(saved)
          setPicked({ artifactId: saved.artifactId, version: saved.version, target })
        }}
        onLoadNewest={() => (artifactId && setPicked({ artifactId, version: 0, target }), setReloads((count) => count + 1))}
        onFill={fill}
        onSend={(text) => (props.onSend(text), phone && props.onClose())}
      />
    ) : (
      <p className="p-4 text-sm text-neutral-600 dark:text-neutral-300" role="status">
        {writing ? 'The model is starting the artifact…' : 'Loading the artifact…'}
      </p>
    )

  if (phone)
    return (
      <section
        ref={root}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        data-artifact-panel="sheet"
        className="fixed inset-0 z-40 flex flex-col bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
        {header}
        {body}
      </section>
    )
  return (
    <>
      <PanelResizer width={width} onWidth={setWidth} onEscape={props.onClose} />
      <aside
        ref={root}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        data-artifact-panel="side"
        style={{ width }}
        className="flex min-h-0 shrink-0 flex-col bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
        {header}
        {body}
      </aside>
    </>
  )
}
