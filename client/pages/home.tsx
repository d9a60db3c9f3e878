import { useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { HomePageData } from '../../shared/page-data.ts'
import type { ChatSummary } from '../lib/chat-history.ts'
import { useRouteData } from '../lib/page-context.ts'
import { chatHistory } from '../lib/chat-history.ts'
import { notify } from '../lib/toast.ts'
import { clearDraft, PromptBox } from '../components/chat/prompt-box.tsx'
import { ModelPicker } from '../components/chat/model-picker.tsx'
import { useModelChoice } from '../components/chat/model-choice.ts'
import { requestAnswerOnArrival } from '../components/chat/answer-handoff.ts'
import { useFocusOnArrival } from '../components/chat/focus-prompt.ts'
import { newId } from '../components/chat/new-id.ts'
import type { ToolsControlProps } from '../components/chat/tools-control.tsx'
import { lazyComponent } from '../lib/lazy-component.ts'
import { pageSettled } from '../lib/page-settled.ts'
import { Icon } from '../components/ui/icon.tsx'
import { connectionState, useConnectionState } from '../lib/connection.ts'
import { importWhenConnected } from '../lib/chunk-reload.ts'
import type { SentFile } from '../components/chat/attachments/file-sizes.ts'

// What the app can do, each a click away: with no model configured the offline demo shows it too.
const SUGGESTIONS = [
  { title: 'Explain a concept', prompt: 'Think step by step: how does HTTP caching work?' },
  { title: 'Write some code', prompt: 'Write a TypeScript function that debounces another.' },
  { title: 'Check the weather', prompt: 'What is the weather in Lisbon right now?' },
  { title: 'Draw a chart', prompt: 'Plot a bar chart of 12, 19, 7 and 22.' },
]

// The Tools control: its own chunk, fetched once the page has settled (not part of the first load).
const LazyToolsControl = lazyComponent<ToolsControlProps>('the tools control', () => pageSettled().then(() => import('../components/chat/tools-control.tsx')).then((module) => module.ToolsControl))

// A project's header and chats (`/?project={id}`): their own chunk, only when a project is shown.
const ProjectPart = lazyComponent<{ projectId: string; part: 'header' | 'chats' }>('the project', () => import('../components/history/project-view.tsx').then((module) => module.ProjectPart))

export default function HomePage() {
  const { data } = useRouteData<HomePageData>()
  const [, navigate] = useLocation()
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [model, setModel] = useModelChoice(data.models, data.defaultModel)
  // A new chat starts with every tool on; what is turned off here goes with it.
  const [toolsOff, setToolsOff] = useState<string[]>([])
  const ToolsControl = LazyToolsControl.useComponent(data.tools.length > 0)
  const prompt = useRef<HTMLTextAreaElement>(null)
  const connected = useConnectionState() === 'online'
  const projectId = new URLSearchParams(useSearch()).get('project')
  const Project = ProjectPart.useComponent(Boolean(projectId))
  useFocusOnArrival(prompt)
  // ANONYMOUS_CHAT=false: a visitor signs in (a full-page sign-in that returns here) before chatting.
  const signInUrl = data.signInToChat

  /** Creates the chat with its first question, then the chat screen streams the answer. */
  async function start(question: string, files: SentFile[] = []) {
    // Disconnected: nothing is sent and nothing typed is lost (the banner says why).
    if (sending || connectionState() !== 'online') return
    setSending(true)
    const id = newId()
    try {
      // The HTTP client is not part of the first paint: it loads with the first send.
      const { http } = await importWhenConnected(() => import('../lib/http.ts'))
      const chat = await http.post<ChatSummary>('/api/chats', {
        id,
        message: { id: newId(), role: 'user', parts: [...files, ...(question ? [{ type: 'text', text: question }] : [])] },
        model,
        toolsOff,
        // Started on a project's page: the chat is inside it.
        ...(projectId && { projectId }),
      })
      chatHistory.upsert(chat)
      // Sent: the home screen's draft goes with it (not for a suggestion: what was typed stays).
      if (question === text.trim()) clearDraft('home')
      requestAnswerOnArrival(chat.id)
      navigate(`/chat/${chat.id}`)
    } catch (error) {
      // The question stays in the box; Retry sends it again.
      setText((current) => current || question)
      setSending(false)
      // Only a failed send needs the words for it: loaded then, not with the page.
      const { describeChatError, isRetryable } = await import('../components/chat/chat-errors.ts')
      const { status, message } = describeChatError(error)
      notify({
        title: 'Your message was not sent',
        description: message,
        variant: 'error',
        action: isRetryable(status) ? { label: 'Retry', altText: 'Send the message again with the send button', onClick: () => void start(question, files) } : undefined,
      })
      prompt.current?.focus()
    }
  }

  const composer = (
    <PromptBox
      value={text}
      onValueChange={(next) => {
        // The HTTP client is fetched while the user types, so a connection lost before Send
        // finds it already here.
        if (!text && connectionState() === 'online') import('../lib/http.ts').catch(() => undefined)
        setText(next)
      }}
      onSubmit={(question, files) => void start(question, files)}
      sending={sending}
      textareaRef={prompt}
      draftKey="home"
      footer={
        <>
          <ModelPicker models={data.models} value={model} onChange={setModel} />
          {ToolsControl && <ToolsControl tools={data.tools} initialOff={toolsOff} onChange={setToolsOff} />}
        </>
      }
    />
  )

  // A project's page (`/?project=`): its header above the composer and its chats below, in place
  // of the greeting and the suggestions (the composer keeps its place, and its focus).
  return (
    <div className={`mx-auto flex w-full max-w-3xl flex-1 flex-col gap-8 px-4 py-8 sm:px-6 ${projectId ? '' : 'justify-center'}`}>
      {projectId ? (
        Project && <Project key={projectId} projectId={projectId} part="header" />
      ) : (
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 sm:text-3xl dark:text-white">Hello there!</h1>
          <p className="mt-2 text-lg text-neutral-600 dark:text-neutral-300">How can I help you today?</p>
        </div>
      )}
      {signInUrl ? (
        <a href={signInUrl} className="text-primary-700 underline dark:text-primary-400">
          Sign in to start chatting
        </a>
      ) : (
        composer
      )}
      {signInUrl ? null : projectId ? (
        Project && <Project key={projectId} projectId={projectId} part="chats" />
      ) : (
        <section aria-labelledby="suggestions-heading">
          <h2 id="suggestions-heading" className="sr-only">
            Suggestions
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {SUGGESTIONS.map((suggestion) => (
              <li key={suggestion.title}>
                <button
                  type="button"
                  disabled={sending || !connected}
                  onClick={() => void start(suggestion.prompt)}
                  className="group flex h-full w-full items-start gap-3 rounded-xl border border-neutral-200 px-4 py-3 text-left text-sm transition-colors hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-neutral-900 dark:text-neutral-100">{suggestion.title}</span>
                    <span className="mt-0.5 block text-neutral-600 dark:text-neutral-300">{suggestion.prompt}</span>
                  </span>
                  <Icon name="lucide:arrow-up-right" size={16} className="mt-0.5 text-neutral-500 group-hover:text-neutral-800 dark:text-neutral-400 dark:group-hover:text-neutral-100" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
