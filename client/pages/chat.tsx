import { useEffect, useMemo, useRef, useState } from 'react'
import { useChat } from '@ai-sdk/react'
import type { UIMessage } from 'ai'
import type { ChatPageData, MessageStatus, StoredChatMessage } from '../../shared/page-data.ts'
import { useRouteData } from '../lib/page-context.ts'
import { chatHistory } from '../lib/chat-history.ts'
import { http } from '../lib/http.ts'
import { notify } from '../lib/toast.ts'
import { ChatComposer, type ComposerHandle } from '../components/chat/chat-composer.tsx'
import { ModelPicker } from '../components/chat/model-picker.tsx'
import type { ToolsControlProps } from '../components/chat/tools-control.tsx'
import type { EarlierMessagesProps } from '../components/chat/earlier-messages.tsx'
import type { FindBarProps } from '../components/chat/find-bar.tsx'
import { lazyComponent } from '../lib/lazy-component.ts'
import { pageSettled } from '../lib/page-settled.ts'
import { MessageList } from '../components/chat/message-list.tsx'
import { ReadOnlyNotice } from '../components/chat/read-only-notice.tsx'
import { useVotes } from '../components/chat/use-votes.ts'
import { useStopAnswer } from '../components/chat/use-stop-answer.ts'
import type { SentFile } from '../components/chat/attachments/file-sizes.ts'
import { createChatTransport } from '../components/chat/chat-transport.ts'
import { describeChatError, isConnectionFailure, isRetryable } from '../components/chat/chat-errors.ts'
import { reportConnectionLost, whenConnected } from '../lib/connection.ts'
import { takeAnswerRequest } from '../components/chat/answer-handoff.ts'
import { useFocusOnArrival } from '../components/chat/focus-prompt.ts'
import { useStickToBottom } from '../components/chat/use-stick-to-bottom.ts'
import { newId } from '../components/chat/new-id.ts'
import { CHAT_PAGE_MESSAGES } from '../../shared/constants.ts'
import { useEarlierMessages } from '../components/chat/use-earlier-messages.ts'
import { useFindShortcut } from '../components/chat/use-find-shortcut.ts'
import { byId, storedOverShown, toUIMessage } from '../components/chat/stored-messages.ts'
import { showRestOf } from '../components/chat/show-rest.ts'
import { ArtifactLayout } from '../components/artifacts/artifact-layout.tsx'

/** A message on its way: what goes back into the composer if the server refuses it. */
type SentMessage = { id: string; text: string; files: SentFile[] }

// The Tools control is its own chunk, fetched once the page has settled (never part of the first
// load); until then the composer shows the model picker alone.
const Tools = lazyComponent<ToolsControlProps>('the tools control', () => pageSettled().then(() => import('../components/chat/tools-control.tsx')).then((module) => module.ToolsControl))

// The banner of a chat's own system prompt (its own chunk, which follows the prompt's changes): at
// once for a chat that has one, once the page has settled for the owner's other chats (one may be set).
let promptAtOnce = false
const PromptBanner = lazyComponent<{ chatId: string; initial: string }>('the system prompt banner', () =>
  (promptAtOnce ? Promise.resolve() : pageSettled()).then(() => import('../components/chat/system-prompt.tsx')).then((module) => module.SystemPromptBanner),
)

// Only for a long chat (the page carries its latest messages): loads earlier ones near the top.
const EarlierStrip = lazyComponent<EarlierMessagesProps>('earlier messages', () => import('../components/chat/earlier-messages.tsx').then((module) => module.EarlierMessages))

// ⌘F / Ctrl+F in a chat: finds in messages not loaded yet too.
const FindChunk = lazyComponent<FindBarProps>('the find bar', () => import('../components/chat/find-bar.tsx').then((module) => module.FindBar))

// Fetched the first time the reader scrolls up from the end, not with the page.
const JumpStrip = lazyComponent<{ onJump: () => void }>('the jump to latest button', () => import('../components/chat/jump-to-latest.tsx').then((module) => module.JumpToLatest))

export default function ChatPage() {
  const { data } = useRouteData<ChatPageData>()
  // A different chat is a fresh screen (its own useChat state, scroll position and draft).
  return <ChatScreen key={data.chat.id} data={data} />
}

function ChatScreen({ data }: { data: ChatPageData }) {
  const chatId = data.chat.id
  const readOnly = !data.chat.isOwner
  const ToolsControl = Tools.useComponent(Boolean(data.tools?.available.length))
  promptAtOnce ||= Boolean(data.chat.systemPrompt)
  const Banner = PromptBanner.useComponent(!readOnly)
  /** The composer owns what is typed (typing re-renders it alone); the screen clears and refills it. */
  const composer = useRef<ComposerHandle>(null)
  const [title, setTitle] = useState(data.chat.title)
  const [statuses, setStatuses] = useState<Record<string, MessageStatus>>(() => byId(data.messages, 'status'))
  const [versions, setVersions] = useState(() => byId(data.messages, 'versions'))
  const { votes, vote } = useVotes(chatId, data.votes)
  const models = data.models ?? []
  // The chat's model; one no longer offered shows (and answers) as the default.
  const [model, setModel] = useState(() => (models.some((entry) => entry.id === data.chat.model) ? data.chat.model! : (models.find((entry) => entry.default)?.id ?? '')))
  /** Sent with each request: the server answers with it and keeps it as the chat's model. */
  const withModel = () => (model ? { body: { model } } : undefined)
  const prompt = useRef<HTMLTextAreaElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  /** Did the server accept the current request (an error after that is the answer's, not the send's)? */
  const accepted = useRef(false)
  /** The message being sent, to put back into the prompt when the server refuses it. */
  const pending = useRef<SentMessage | null>(null)
  /** The messages before the current request, to restore when the server refuses it. */
  const before = useRef<UIMessage[]>([])
  const finished = useRef(false)
  /** The connection dropped during an answer: it is resumed (or reloaded) once the server answers. */
  const [reconnecting, setReconnecting] = useState(false)

  const transport = useMemo(() => createChatTransport({ onResponse: () => (accepted.current = true) }), [])
  const initialMessages = useMemo(() => data.messages.filter((m) => m.role !== 'system').map(toUIMessage), [data.messages])

  const chat = useChat({
    id: chatId,
    messages: initialMessages,
    transport,
    // Render at most every 50 ms however fast tokens come: typing in the prompt stays smooth.
    experimental_throttle: 50,
    onData: (part) => {
      // An edited question or a regenerated answer: the versions of each message of its group.
      if (part.type === 'data-versions') return setVersions((current) => ({ ...current, ...(part.data as typeof current) }))
      if (part.type !== 'data-chat-title') return
      const { title: generated } = part.data as { title: string }
      setTitle(generated)
      chatHistory.upsert({ id: chatId, title: generated })
    },
    // stopRequested and setStopping come from useStopAnswer below (it needs useChat's stop).
    onFinish: ({ message, isAbort, isDisconnect, isError }) => {
      finished.current = true
      const stopped = isAbort || stopRequested.current
      const status = isDisconnect ? 'interrupted' : isError ? 'error' : stopped ? 'partial' : 'complete'
      if (message.role === 'assistant') setStatuses((current) => ({ ...current, [message.id]: status }))
      setStopping(false)
      chatHistory.upsert({ id: chatId, updatedAt: Date.now() })
      // Ended without our Stop: another tab's Stop, or the replica writing it went down. What the
      // server stored says which.
      if (isAbort && !stopRequested.current) void reload()
    },
    onError: (error) => onChatError(error),
  })
  const { messages, status, sendMessage, regenerate, stop, setMessages, resumeStream } = chat
  const busy = status === 'submitted' || status === 'streaming'
  const { requested: stopRequested, stopping, setStopping, stopAnswer } = useStopAnswer({ chatId, busy, cut: stop, onPressed: () => prompt.current?.focus() })
  const { atBottom, scrollToBottom } = useStickToBottom(scroller, content)
  /** What the screen shows (set at each render): the handlers below read it after awaits. */
  const shown = useRef<UIMessage[]>([])
  const Jump = JumpStrip.useComponent(!atBottom)
  const { hasEarlier, setHasEarlier, loadEarlier, loadUntil } = useEarlierMessages({
    chatId,
    initial: Boolean(data.hasEarlier),
    shown,
    toMessage: toUIMessage,
    onLoaded(older, all) {
      setStatuses((current) => ({ ...byId(older, 'status'), ...current }))
      setVersions((current) => ({ ...byId(older, 'versions'), ...current }))
      setMessages(all)
    },
  })
  const Earlier = EarlierStrip.useComponent(hasEarlier)
  const [find, closeFind] = useFindShortcut(chatId)
  const FindBar = FindChunk.useComponent(find.request > 0)

  useFocusOnArrival(prompt, !readOnly)

  // An answer still being written when the page loaded: follow it from where it is. When it ended
  // in between (nothing left to resume), the stored answer is read instead.
  useEffect(() => {
    if (!data.chat.streaming) return
    void (async () => {
      // The page shows what the server had saved of the answer; the resumed stream replays it
      // from its first word, and useChat starts the answer over on a replay's first chunk
      // (DefaultChatTransport's resumeStreamIsReplay), so nothing shows twice.
      await resumeStream()
      if (!finished.current) await reload()
    })()
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  /**
   * The chat as the server stored it. An answer cut by a crash keeps what it last saved, up to a
   * second behind what the screen showed: the screen keeps the longer text it already showed.
   */
  async function reload() {
    try {
      // As many latest messages as the screen shows (earlier ones load as before, on scrolling up).
      const stored = await http.get<ChatPageData>(`/api/chats/${encodeURIComponent(chatId)}?limit=${Math.min(500, Math.max(shown.current.length, CHAT_PAGE_MESSAGES))}`)
      showStored(stored.messages, stored.hasEarlier)
    } catch (error) {
      notify({ title: 'Could not load the answer', description: describeChatError(error).message, variant: 'error' })
    }
  }

  /** A branch as the server stored it (a reload, another version shown: the whole branch). */
  function showStored(stored: StoredChatMessage[], earlier = false) {
    setHasEarlier(earlier)
    setStatuses(byId(stored, 'status'))
    setVersions(byId(stored, 'versions'))
    setMessages(storedOverShown(stored, shown.current))
  }

  // Arriving from the home screen with a question that has no answer yet: ask for it now.
  useEffect(() => {
    if (!readOnly && takeAnswerRequest(chatId)) void answer()
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function beginRequest(message: SentMessage | null) {
    accepted.current = false
    stopRequested.current = false
    pending.current = message
    before.current = messages
    scrollToBottom()
  }

  /** Answers the last question (again): the first answer of a new chat, Regenerate (a new version), Retry. */
  function answer() {
    beginRequest(null)
    return regenerate(withModel())
  }

  /** The answer writes on from where it stopped; the stream rebuilds it, its words so far first. */
  function continueAnswer(answerId: string) {
    beginRequest(null)
    return regenerate({ body: { ...withModel()?.body, continue: answerId } })
  }

  /** Sends a message (from the composer, or an edit: a new version, which leaves the composer alone). */
  function send(text: string, files: SentFile[], id = newId(), edit = false) {
    beginRequest({ id, text, files })
    if (!edit) composer.current?.clear()
    // Files first, as the message shows them; a message of files alone has no text part.
    return sendMessage({ id, role: 'user', parts: [...files, ...(text ? [{ type: 'text' as const, text }] : [])] }, withModel())
  }

  /**
   * The connection dropped while the answer streamed (offline, or the server went down): the page
   * keeps what it showed, says so, and once the server answers again follows the answer if it is
   * still being written (another replica, or only the connection had dropped) or reads what was
   * stored of it.
   */
  async function reconnect() {
    setReconnecting(true)
    reportConnectionLost()
    await whenConnected()
    finished.current = false
    try {
      await resumeStream()
    } finally {
      setReconnecting(false)
    }
    if (!finished.current) await reload()
  }

  function onChatError(error: Error) {
    const { status: httpStatus, message } = describeChatError(error)
    const refused = !accepted.current
    if (!refused && isConnectionFailure(error)) return void reconnect()
    if (isConnectionFailure(error)) reportConnectionLost()
    const sent = pending.current
    if (refused) {
      // Nothing changed on the server: the list goes back to what it was, and a refused message's
      // text goes back into the prompt (unless the user already typed something new there).
      setMessages(before.current)
      if (sent) composer.current?.restore(sent.text, sent.files)
    }
    const retry = refused && sent ? () => void send(sent.text, sent.files, sent.id) : refused || error.name !== 'TypeError' ? () => void answer() : () => void resumeStream()
    notify({
      title: httpStatus === 429 ? 'Too many messages' : refused ? 'Your message was not sent' : 'The answer failed',
      description: message,
      variant: 'error',
      duration: 10_000,
      // A refusal of the message itself would only be refused again: no Retry for it.
      action: isRetryable(httpStatus) ? { label: 'Retry', altText: 'Send your message again with the send button', onClick: retry } : undefined,
    })
  }

  /**
   * An edit is a new version of the message: sent after what preceded it (the transport names that
   * as its parent), with its own answer; the old version and its branch stay on the server.
   */
  async function editMessage(messageId: string, text: string) {
    // The new version follows what precedes the edited message: the first one shown needs those.
    const list = messages[0]?.id === messageId && hasEarlier ? await loadEarlier() : messages
    const index = list.findIndex((message) => message.id === messageId)
    setMessages(list.slice(0, index))
    // The edited message keeps its files.
    void send(text, list[index]!.parts.filter((part) => part.type === 'file') as SentFile[], undefined, true)
  }

  /** What the switcher under a message needs (nothing for a message with one version). */
  const switcher = (messageId: string) => versions[messageId] && { versions: versions[messageId], disabled: busy, chatId, onShown: showStored }

  shown.current = messages
  const last = messages[messages.length - 1]
  // An answer the server is still writing (resumed after a load) counts as streaming too.
  const writing = busy || (last?.role === 'assistant' && statuses[last.id] === 'streaming')

  return (
    <ArtifactLayout chatId={chatId} messages={messages} busy={writing} readOnly={readOnly} composer={composer} onSend={(text) => void send(text, [])}>
      <h1 className="sr-only">{title}</h1>
      <div ref={scroller} className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto [overflow-anchor:none] [contain:strict]">
        {/* grow: a short conversation starts at the top; a long one rests at the bottom (column-reverse). */}
        <div ref={content} className="mx-auto w-full max-w-3xl grow px-4 pt-6 pb-4 sm:px-6">
          {Banner && <Banner chatId={chatId} initial={data.chat.systemPrompt ?? ''} />}
          {hasEarlier && Earlier && <Earlier onLoad={() => loadEarlier()} firstId={messages[0]?.id} scroller={scroller} />}
          <MessageList
            messages={messages}
            statuses={statuses}
            votes={votes}
            busy={busy}
            writing={writing}
            reconnecting={reconnecting}
            readOnly={readOnly}
            fileSizes={data.fileSizes}
            versionsOf={switcher}
            onEdit={editMessage}
            onVote={(messageId, value) => void vote(messageId, value)}
            onAnswer={() => void answer()}
            onContinue={(answerId) => void continueAnswer(answerId)}
            onShowRest={showRestOf(chatId, shown, setMessages)}
          />
        </div>
      </div>
      {find.request > 0 && FindBar && (
        <FindBar
          // A new search hit starts the bar over on its word.
          key={find.target?.seq ?? 0}
          chatId={chatId}
          request={find.request}
          target={find.target ?? undefined}
          loadUntil={loadUntil}
          shownCount={messages.length}
          onClose={() => (closeFind(), prompt.current?.focus())}
        />
      )}
      {!atBottom && Jump && <Jump onJump={() => scrollToBottom()} />}
      <div className="shrink-0 pb-4">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
          {readOnly ? (
            <ReadOnlyNotice />
          ) : (
            <ChatComposer
              handle={composer}
              draftKey={chatId}
              onSubmit={(text, files) => void send(text, files)}
              streaming={busy}
              onStop={() => void stopAnswer()}
              stopping={stopping}
              textareaRef={prompt}
              footer={
                models.length > 0 ? (
                  <>
                    <ModelPicker models={models} value={model} onChange={setModel} />
                    {ToolsControl && data.tools && <ToolsControl tools={data.tools.available} initialOff={data.tools.off} chatId={chatId} />}
                  </>
                ) : undefined
              }
            />
          )}
        </div>
      </div>
    </ArtifactLayout>
  )
}
