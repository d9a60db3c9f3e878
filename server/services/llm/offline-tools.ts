// How the offline demo model uses tools (it is the product's demo and the tests' double, so it
// shows every tool deterministically): which calls a message leads to, and the answer it writes
// from the results once they are back.
import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import type { PromptArtifact } from '../artifacts/artifact-prompt.ts'
import { ARTIFACT_TOOLS, describeArtifactResult, offlineArtifactCalls } from './offline-artifacts.ts'

export interface PlannedCall {
  toolName: string
  input: Record<string, unknown>
}

const WEATHER_WORDS = /\b(weather|temperature|forecast)\b/i
const CHART_WORDS = /\b(chart|plot|graph)\b/i
/** "search the web for…", "look up…", "google…": a web search (only when one is on offer). */
const SEARCH_ASK = /\b(?:(?:please\s+)?(?:search|look\s+up|google)(?:\s+(?:the\s+web|online|the\s+internet))?(?:\s+(?:for|about))?\s+)(.+)$/i

/**
 * The calls a message asks for, among the tools on offer: none when it asks for nothing.
 * `artifacts`: those of the branch, as the system prompt shows them (what "change the title" changes).
 */
export function offlineToolCalls(text: string, offered: readonly string[], artifacts: readonly PromptArtifact[] = []): PlannedCall[] {
  // An artifact asked for in words is the whole answer's work (its words may also name a chart or a place).
  const named = offered.some((name) => ARTIFACT_TOOLS.includes(name) && findName(text, name) >= 0)
  if (!named && offered.some((name) => ARTIFACT_TOOLS.includes(name))) {
    const made = offlineArtifactCalls(text, artifacts).filter((call) => offered.includes(call.toolName))
    if (made.length > 0) return made
  }
  const calls: PlannedCall[] = []
  for (const name of offered) {
    // A tool named in full, with its input as JSON after the name ("mcp__demo__echo {"text":"hi"}").
    const at = findName(text, name)
    if (at >= 0) {
      const written = jsonObjectAt(text, at + name.length)
      // Tools that need an input to do anything are called by name only with one written.
      if (written || (name !== 'weather' && name !== 'chart' && !ARTIFACT_TOOLS.includes(name))) {
        calls.push({ toolName: name, input: written ?? {} })
        continue
      }
    }
    if (name === 'weather' && WEATHER_WORDS.test(text)) {
      const place = placeIn(text)
      if (place) calls.push({ toolName: 'weather', input: { location: place } })
    } else if (name === 'chart' && CHART_WORDS.test(text)) {
      calls.push({ toolName: 'chart', input: chartFrom(text) })
    } else if (name === 'web_search') {
      const query = SEARCH_ASK.exec(text.replace(/\s+/g, ' ').trim())?.[1]?.replace(/[?.!]+$/, '').trim()
      if (query) calls.push({ toolName: 'web_search', input: { query: query.slice(0, 200) } })
    }
  }
  return calls
}

/** The name as a whole word (not inside a longer name). */
function findName(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`(^|[^\\w])${escaped}(?![\\w])`).exec(text)
  return match ? match.index + match[1]!.length : -1
}

/** A JSON object starting (after spaces) at `from`, if one is written there. */
function jsonObjectAt(text: string, from: number): Record<string, unknown> | undefined {
  const start = text.slice(from).search(/\S/)
  if (start < 0 || text[from + start] !== '{') return undefined
  const rest = text.slice(from + start)
  // The longest prefix ending in "}" that parses.
  for (let end = rest.lastIndexOf('}'); end > 0; end = rest.lastIndexOf('}', end - 1)) {
    try {
      const value = JSON.parse(rest.slice(0, end + 1)) as unknown
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {}
  }
  return undefined
}

/** "the weather in Paris today?" → "Paris"; "weather for new york" → "new york". */
function placeIn(text: string): string | undefined {
  const match = /\b(?:in|for|at|of)\s+((?:[\p{L}][\p{L}.'’-]*)(?:[ ,]+[\p{L}][\p{L}.'’-]*){0,3})/iu.exec(text)
  if (!match) return undefined
  const words = match[1]!.split(/\s+/)
  const stop = /^(today|tomorrow|tonight|now|right|this|next|please|and|the|week|weekend|like|going|be)$/i
  const kept: string[] = []
  for (const word of words) {
    if (stop.test(word.replace(/[,.]$/, ''))) break
    kept.push(word)
    if (/[,.]$/.test(word) && kept.length > 0 && !/,$/.test(word)) break
  }
  const place = kept.join(' ').replace(/[,.;:!?]+$/, '').trim()
  return place || undefined
}

/** A chart from the message: its labelled numbers ("Jan 12, Feb 19"), bare numbers, or word lengths. */
function chartFrom(text: string): Record<string, unknown> {
  const kind = /\bline\b/i.test(text) ? 'line' : /\barea\b/i.test(text) ? 'area' : 'bar'
  const pairs = [...text.matchAll(/([\p{L}][\p{L}'’-]{0,20}(?: [\p{L}][\p{L}'’-]{0,20})?)\s*[:=]?\s+(-?\d+(?:\.\d+)?)(?![\d.])/gu)]
    .map((match) => ({ label: match[1]!.trim(), value: Number(match[2]) }))
    .filter((pair, index, all) => all.findIndex((other) => other.label === pair.label) === index)
  const numbers = [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((match) => Number(match[0]))
  let labels: string[]
  let values: number[]
  // Labelled only when every number has its own label ("Jan 12, Feb 19"), not "a chart of 3, 5 and 8".
  const labelled = pairs.length >= 2 && pairs.length === numbers.length
  if (labelled) {
    labels = pairs.map((pair) => pair.label.replace(/^(?:and|of|with|for|in)\s+/i, ''))
    values = pairs.map((pair) => pair.value)
  } else if (numbers.length >= 2) {
    labels = numbers.map((_, index) => String(index + 1))
    values = numbers
  } else {
    const words = (text.match(/[\p{L}\p{N}'’-]+/gu) ?? []).slice(0, 8)
    labels = words
    values = words.map((word) => [...word].length)
  }
  labels = labels.slice(0, 60)
  values = values.slice(0, 60)
  const fromNumbers = labelled || numbers.length >= 2
  const title = fromNumbers ? 'Numbers from your message' : 'Letters per word of your message'
  return { title, kind, labels, series: [{ name: fromNumbers ? 'Value' : 'Letters', values }] }
}

interface Result {
  toolName: string
  ok: boolean
  value: unknown
  /** The user did not let it run. */
  denied?: boolean
}

/** The results of the calls made since the user's last message, in order. */
function resultsSinceUser(prompt: LanguageModelV4Prompt): Result[] {
  const lastUser = prompt.map((message) => message.role).lastIndexOf('user')
  const results: Result[] = []
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue
      const output = part.output
      const ok = output.type === 'json' || output.type === 'text' || output.type === 'content'
      results.push({ toolName: part.toolName, ok, value: 'value' in output ? output.value : output.type === 'execution-denied' ? output.reason : undefined, denied: output.type === 'execution-denied' })
    }
  }
  return results
}

/** The answer after tools ran: what each result says, in sentences. */
export function offlineToolAnswer(prompt: LanguageModelV4Prompt): string {
  const results = resultsSinceUser(prompt)
  const sentences = results.map(describe)
  // What an artifact call made is said in its own sentence; the panel shows the rest.
  if (!results.every((result) => ARTIFACT_TOOLS.includes(result.toolName) && !result.denied)) {
    sentences.push('I am the offline demo model, so this answer follows a fixed pattern; a real model would use these results in its own words.')
  }
  return sentences.join('\n\n')
}

/**
 * Text that Markdown shows as it is: each character that could start inline Markdown syntax
 * escaped (emphasis, code, links and images, HTML, strikethrough, entities), but not inside an
 * address (Markdown links an address as it stands, where an escape would show). The text always
 * stands mid-line (after a bold title, or in a sentence) and is folded onto one line, so block
 * syntax (`#`, `-`, `+`, `1.` at a line's start) cannot arise and stays unescaped: a copied
 * answer reads "Tea - Wikipedia", not "Tea \- Wikipedia".
 */
const asText = (text: unknown) =>
  String(text)
    .replace(/\s+/g, ' ')
    .split(/((?:https?:\/\/|www\.)\S+)/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/[\\`*_[\]<>|~&]/g, '\\$&')))
    .join('')

function describe(result: Result): string {
  const artifact = result.denied ? undefined : describeArtifactResult(result.toolName, result.ok, result.value)
  if (artifact) return artifact
  if (result.denied) return `You did not let the ${result.toolName} tool run${result.value ? ` (“${String(result.value)}”)` : ''}, so I did without it.`
  if (!result.ok) {
    const why = String(result.value ?? 'it failed')
    if (result.toolName === 'weather') return `I could not get the weather: ${why} The weather comes from Open-Meteo, which this server must be able to reach (GEOCODING_API_URL, WEATHER_API_URL).`
    if (result.toolName === 'chart') return `I could not draw the chart: ${why}`
    if (result.toolName === 'web_search') return `The web search failed: ${why}`
    return `The ${result.toolName} tool failed: ${why}`
  }
  const value = result.value as Record<string, any>
  if (result.toolName === 'weather' && value?.current) {
    const { place, current, daily, units } = value
    const where = [place.name, place.region, place.country].filter(Boolean).join(', ')
    const highs = (daily as Array<{ high: number; low: number }>).map((day) => day.high)
    const lows = (daily as Array<{ high: number; low: number }>).map((day) => day.low)
    return [
      `It is ${current.temperature}${units.temperature} and ${String(current.condition).toLowerCase()} in ${where} right now${typeof current.feelsLike === 'number' ? ` (it feels like ${current.feelsLike}${units.temperature})` : ''}.`,
      highs.length > 0 ? ` Over the next ${highs.length} days the highs are between ${Math.min(...highs)} and ${Math.max(...highs)}${units.temperature} and the lows between ${Math.min(...lows)} and ${Math.max(...lows)}${units.temperature}.` : '',
    ].join('')
  }
  if (result.toolName === 'chart' && value?.series) {
    const labels = value.labels as string[]
    const first = (value.series as Array<{ name: string; values: number[] }>)[0]!
    const max = Math.max(...first.values)
    const min = Math.min(...first.values)
    return `Here is the ${value.kind} chart “${value.title}” with ${labels.length} ${labels.length === 1 ? 'value' : 'values'}: the highest is ${max} (${labels[first.values.indexOf(max)]}) and the lowest ${min} (${labels[first.values.indexOf(min)]}).`
  }
  if (result.toolName === 'web_search' && Array.isArray(value?.results)) {
    const found = value.results as Array<{ n: number; title: string; host: string; snippet: string }>
    if (found.length === 0) return `The web search for “${value.query}” found nothing.`
    // Titles and snippets are the pages' own words: written as text, never as Markdown of ours.
    return [`Here is what the web says about “${asText(value.query)}”:`, '', ...found.slice(0, 5).map((hit) => `- **${asText(hit.title)}**: ${asText(hit.snippet || hit.host)} [${hit.n}]`)].join('\n')
  }
  const json = JSON.stringify(result.value)
  return `The ${result.toolName} tool answered:\n\n\`\`\`json\n${json.length > 600 ? `${json.slice(0, 599)}…` : json}\n\`\`\``
}
