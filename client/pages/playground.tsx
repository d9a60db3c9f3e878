// The UI kit playground (/_playground, only when UI_PLAYGROUND is on): every kit component in one
// place, to look at in both colour modes and to drive from the Playwright tests.
import { useId, useRef, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { PrefetchLink } from '../components/app/prefetch-link.tsx'
import { Button } from '../components/ui/button.tsx'
import { confirm, DialogPanel, prompt } from '../components/ui/dialog.tsx'
import { Progress } from '../components/ui/progress.tsx'
import { Tooltip } from '../components/ui/tooltip.tsx'
import { dismiss, notify } from '../lib/toast.ts'
import { overlay, type OverlayProps } from '../lib/overlay.ts'
import { IconSection } from '../components/playground/icon-section.tsx'
import { SandboxSection } from '../components/playground/sandbox-section.tsx'

export default function PlaygroundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold">UI playground</h1>
      <ToastSection />
      <OverlaySection />
      <TooltipSection />
      <ProgressSection />
      <LoadingIndicatorSection />
      <section aria-labelledby="playground-prefetch" className="flex flex-col gap-3">
        <h2 id="playground-prefetch" className="text-lg font-medium">
          Prefetch links
        </h2>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          Each link loads its page when it comes into view (at most 4 at once), so a click shows it at once.
        </p>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {Array.from({ length: 10 }, (_, i) => `/chat/p${i + 1}`).map((href) => (
            <li key={href}>
              <PrefetchLink href={href} className="text-sm text-primary-700 underline dark:text-primary-400">
                {href}
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </section>
      <IconSection />
      <SandboxSection />
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Row({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>
}

function ToastSection() {
  const count = useRef(0)
  const [actionLog, setActionLog] = useState('')
  const next = () => ++count.current
  return (
    <Section title="Toasts">
      <Row>
        <Button onClick={() => notify({ title: `Toast ${next()}`, description: 'Your changes were saved.' })}>Show toast</Button>
        <Button onClick={() => notify({ title: `Chat renamed ${next()}`, variant: 'success' })}>Show success toast</Button>
        <Button
          onClick={() =>
            notify({
              title: `Could not send ${next()}`,
              description: 'The model provider did not answer. Your message is kept.',
              variant: 'error',
              duration: Infinity,
            })
          }
        >
          Show persistent error
        </Button>
        <Button onClick={() => notify({ title: `Synced ${next()}`, type: 'background', description: 'History is up to date.' })}>
          Show background toast
        </Button>
        <Button
          onClick={() =>
            notify({
              title: `Chat deleted ${next()}`,
              action: { label: 'Undo', altText: 'Restore the chat from the history menu', onClick: () => setActionLog('Undo clicked') },
            })
          }
        >
          Show toast with action
        </Button>
        <Button onClick={() => notify({ title: `Short toast ${next()}`, duration: 1000 })}>Show short toast</Button>
        <Button
          onClick={() => {
            for (let i = 0; i < 6; i++) notify({ title: `Toast ${next()}` })
          }}
        >
          Show 6 toasts
        </Button>
        <Button variant="ghost" onClick={() => dismiss()}>
          Dismiss all
        </Button>
      </Row>
      <output data-testid="toast-action-log" className="text-sm text-neutral-600 dark:text-neutral-300">
        {actionLog}
      </output>
    </Section>
  )
}

function ChoiceOverlay({ close }: OverlayProps<string>) {
  return (
    <DialogPanel title="Pick a model" description="A custom overlay: its result is the value passed to close().">
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button onClick={() => void confirm({ title: 'Nested confirm', confirmLabel: 'OK' })}>Open nested confirm</Button>
        <Button onClick={() => close('fast')}>Fast</Button>
        <Button variant="primary" onClick={() => close('smart')}>
          Smart
        </Button>
      </div>
    </DialogPanel>
  )
}

function OverlaySection() {
  const [result, setResult] = useState('')
  return (
    <Section title="Overlays">
      <Row>
        <Button
          onClick={async () => {
            const ok = await confirm({ title: 'Start a new chat?', description: 'The current chat stays in your history.', confirmLabel: 'Start' })
            setResult(`confirm: ${ok}`)
          }}
        >
          Open confirm
        </Button>
        <Button
          onClick={async () => {
            const ok = await confirm({
              title: 'Delete this chat?',
              description: 'This cannot be undone.',
              confirmLabel: 'Delete',
              danger: true,
            })
            setResult(`confirm: ${ok}`)
          }}
        >
          Open danger confirm
        </Button>
        <Button
          onClick={async () => {
            const title = await prompt({
              title: 'Rename chat',
              label: 'Chat title',
              initialValue: 'Untitled chat',
              validate: (value) => (value.trim() === '' ? 'The title cannot be empty.' : null),
            })
            setResult(`prompt: ${JSON.stringify(title)}`)
          }}
        >
          Open prompt
        </Button>
        <Button
          onClick={async () => {
            const choice = await overlay.open(ChoiceOverlay, {}).result
            setResult(`overlay: ${choice === undefined ? 'undefined' : JSON.stringify(choice)}`)
          }}
        >
          Open overlay
        </Button>
      </Row>
      <p className="text-sm text-neutral-600 dark:text-neutral-300">
        Result: <output data-testid="overlay-result">{result}</output>
      </p>
    </Section>
  )
}

function TooltipSection() {
  return (
    <Section title="Tooltip">
      <Row>
        <Tooltip content="Bold (Ctrl+B)">
          <Button>Bold</Button>
        </Tooltip>
        <Tooltip content="Italic (Ctrl+I)">
          <Button>Italic</Button>
        </Tooltip>
        <Tooltip content="Shown below its trigger" side="bottom">
          <Button>Below</Button>
        </Tooltip>
      </Row>
    </Section>
  )
}

function ProgressSection() {
  const [value, setValue] = useState<number | null>(40)
  return (
    <Section title="Progress">
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between text-sm">
          <span id="demo-progress-label">Upload</span>
          <span data-testid="progress-value" className="text-neutral-600 tabular-nums dark:text-neutral-300">
            {value === null ? 'waiting' : `${value} / 100`}
          </span>
        </div>
        <Progress value={value} aria-labelledby="demo-progress-label" />
      </div>
      <Row>
        <Button onClick={() => setValue(null)}>Indeterminate</Button>
        <Button onClick={() => setValue((current) => Math.max(0, (current ?? 0) - 10))}>−10</Button>
        <Button onClick={() => setValue((current) => Math.min(100, (current ?? 0) + 10))}>+10</Button>
        <Button onClick={() => setValue(100)}>Complete</Button>
      </Row>
    </Section>
  )
}

function LoadingIndicatorSection() {
  return (
    <Section title="Loading indicator">
      <p className="text-sm text-neutral-600 dark:text-neutral-300">
        A bar at the top of the window while a page navigation takes longer than 200 ms.{' '}
        <Link href="/chat/playground-demo" className="font-medium text-secondary-600 underline dark:text-secondary-400">
          Open a chat
        </Link>
      </p>
    </Section>
  )
}
