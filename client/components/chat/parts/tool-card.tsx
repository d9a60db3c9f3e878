// A tool call in an answer (lazy chunk, with its own stylesheet): the tool's name in words, what it
// was asked, a spinner while it runs, then its result — a purpose-built view for our tools, a
// collapsible JSON view for others — or its error.
import { useState } from 'react'
import { useRoute } from 'wouter'
import { Icon } from '../../ui/icon.tsx'
import { TextButton } from '../text-button.tsx'
import { PRIMARY_TONE } from '../text-button-tones.ts'
import { notify } from '../../../lib/toast.ts'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { toolNameOf, type ToolPartLike } from './tool-part.ts'
import { WeatherView, type WeatherReport } from './weather-view.tsx'
import type { ChartSpec } from './chart-view.tsx'
import './tool-card.css'

export interface ToolCardProps {
  part: ToolPartLike
  /** The answer has ended: a call still without a result did not finish. */
  settled: boolean
}

// Charts are heavier than the rest and rarer: their own chunk, loaded when an answer has one.
const ChartView = lazyComponent<{ spec: ChartSpec }>('the chart', () => import('./chart-view.tsx').then((module) => module.ChartView))

const ICONS: Record<string, string> = { weather: 'lucide:cloud-sun', chart: 'lucide:chart-column', web_search: 'lucide:globe' }

/** "mcp__files__read_file" → "Read file (files)"; "web_search" → "Web search". */
export function toolTitle(part: ToolPartLike): string {
  if (part.title) return part.title
  const name = toolNameOf(part)
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name)
  const words = (mcp ? mcp[2]! : name).replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase()
  const label = words.charAt(0).toUpperCase() + words.slice(1)
  return mcp ? `${label} (${mcp[1]})` : label
}

/** Tools with a view of their own: their input shows in words, not as JSON. */
const BUILT_IN = new Set(['weather', 'chart', 'web_search'])

/** The input in a few words: the place for weather, the query for a search (a chart shows its title itself). */
function inputSummary(name: string, input: unknown): string | undefined {
  if (input == null || typeof input !== 'object') return undefined
  const value = input as Record<string, unknown>
  if (name === 'weather' && typeof value.location === 'string') return value.location
  if (name === 'web_search' && typeof value.query === 'string') return `“${value.query}”`
  return undefined
}

export function ToolCard({ part, settled }: ToolCardProps) {
  const name = toolNameOf(part)
  const title = toolTitle(part)
  const running = part.state === 'input-streaming' || part.state === 'input-available' || part.state === 'approval-responded'
  const asking = part.state === 'approval-requested'
  const unfinished = (running || asking) && settled
  const failed = part.state === 'output-error' || part.state === 'output-denied' || unfinished
  const summary = inputSummary(name, part.input)
  const Chart = ChartView.useComponent(name === 'chart' && part.state === 'output-available')
  return (
    <div role="group" className="tool-card" data-tool-card data-tool={name} data-state={unfinished ? 'unfinished' : part.state} aria-label={`Tool: ${title}`}>
      <header className="tool-card__head">
        <Icon name={ICONS[name] ?? 'lucide:wrench'} size={16} />
        <span className="tool-card__title">{title}</span>
        {summary && <span className="tool-card__summary">{summary}</span>}
        <span className="tool-card__status" role="status">
          {asking && !unfinished ? (
            <>
              <Icon name="lucide:shield-question" size={14} /> Needs your approval
            </>
          ) : running && !unfinished ? (
            <>
              <Icon name="lucide:loader-circle" size={14} className="tool-card__spin" /> {part.state === 'input-streaming' ? 'Preparing…' : 'Running…'}
            </>
          ) : failed ? (
            <>
              <Icon name="lucide:circle-alert" size={14} /> {part.state === 'output-denied' ? 'Denied' : 'Failed'}
            </>
          ) : (
            <>
              <Icon name="lucide:check" size={14} /> Done
            </>
          )}
        </span>
      </header>
      <div className="tool-card__body">
        {part.state === 'output-error' && <p className="tool-card__error">{part.errorText}</p>}
        {unfinished && <p className="tool-card__error">Not finished: the answer ended before this tool did.</p>}
        {asking && !unfinished && <Approval part={part} />}
        {part.state === 'output-available' &&
          (name === 'weather' && isWeather(part.output) ? (
            <WeatherView report={part.output} />
          ) : name === 'web_search' && isSearch(part.output) ? (
            <SearchResults results={part.output.results} />
          ) : name === 'chart' && isChart(part.output) ? (
            Chart ? <Chart spec={part.output} /> : <p className="tool-card__note">Drawing the chart…</p>
          ) : (
            <JsonDetails label="Result" value={part.output} />
          ))}
        {part.input !== undefined && (!BUILT_IN.has(name) || part.state === 'output-error') && <JsonDetails label="Input" value={part.input} open={asking} />}
      </div>
    </div>
  )
}

/** Approve or Deny a call that needs the user's approval; the answer goes on once the server has the decision. */
function Approval({ part }: { part: ToolPartLike }) {
  const [, params] = useRoute<{ id: string }>('/chat/:id')
  const [sending, setSending] = useState(false)
  async function decide(approved: boolean) {
    if (!params || !part.approval) return
    setSending(true)
    try {
      const { http } = await import('../../../lib/http.ts')
      await http.post(`/api/chats/${encodeURIComponent(params.id)}/approvals`, { approvalId: part.approval.id, approved })
    } catch (error) {
      setSending(false)
      notify({ title: 'Your decision did not reach the server', description: (error as Error).message, variant: 'error' })
    }
  }
  return (
    <div className="tool-card__approval">
      <p className="tool-card__note">The model wants to run this tool. It may change things outside this chat.</p>
      <div className="tool-card__actions">
        <TextButton tone={PRIMARY_TONE} disabled={sending} onClick={() => void decide(true)}>
          Approve
        </TextButton>
        <TextButton disabled={sending} onClick={() => void decide(false)}>
          Deny
        </TextButton>
      </div>
    </div>
  )
}

/** JSON behind a toggle. `open`: shown open — from the start, or as soon as it turns true (a call that comes to need approval shows what it would run). */
function JsonDetails({ label, value, open: wantOpen = false }: { label: string; value: unknown; open?: boolean }) {
  const [open, setOpen] = useState(wantOpen)
  // The card is often drawn before the call asks for approval: open it then, once (the user may close it again).
  const [opened, setOpened] = useState(wantOpen)
  if (wantOpen && !opened) {
    setOpened(true)
    setOpen(true)
  }
  const json = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return (
    <div className="tool-card__json">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name={open ? 'lucide:chevron-down' : 'lucide:chevron-right'} size={14} /> {label}
      </button>
      {open && <pre tabIndex={0}>{json}</pre>}
    </div>
  )
}

interface SearchOutput {
  query: string
  results: Array<{ n: number; title: string; url: string; host: string; snippet: string }>
}

function SearchResults({ results }: { results: SearchOutput['results'] }) {
  if (results.length === 0) return <p className="tool-card__note">No results.</p>
  return (
    <ol className="search-results">
      {results.map((result) => (
        <li key={result.url}>
          [{result.n}]{' '}
          <a href={result.url} target="_blank" rel="noopener noreferrer nofollow">
            {result.title}
          </a>{' '}
          · {result.host}
          {result.snippet && <p>{result.snippet}</p>}
        </li>
      ))}
    </ol>
  )
}

const isSearch = (value: unknown): value is SearchOutput => Array.isArray((value as SearchOutput | null)?.results)
const isWeather = (value: unknown): value is WeatherReport => typeof (value as WeatherReport | null)?.current?.temperature === 'number'
const isChart = (value: unknown): value is ChartSpec => Array.isArray((value as ChartSpec | null)?.series) && Array.isArray((value as ChartSpec).labels)
