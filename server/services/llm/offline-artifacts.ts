// How the offline demo model makes and changes artifacts, from the user's words alone (the same
// words, the same calls): "make a page / an SVG / a diagram / a component / a document / a table /
// some code about X" creates one of that kind; "change the title to Y" edits the newest artifact of
// the branch (which it reads from the system prompt's artifacts section, artifact-prompt.ts);
// "make it fail" makes a component that throws while rendering, and "fix it" (quoting the error)
// puts a working one in its place. Questions ("how do I make a page load faster?") make nothing.
import { CREATE_ARTIFACT_TOOL, UPDATE_ARTIFACT_TOOL, type ArtifactKind, type ArtifactToolOutput } from '../../../shared/artifacts.ts'
import type { PromptArtifact } from '../artifacts/artifact-prompt.ts'
import { artifactContent, BROKEN_MARK, brokenComponent, CODE_LANGUAGES } from './offline-artifact-content.ts'
import type { PlannedCall } from './offline-tools.ts'

export const ARTIFACT_TOOLS: readonly string[] = [CREATE_ARTIFACT_TOOL, UPDATE_ARTIFACT_TOOL]

/** The nouns that name each kind, most specific first ("react component" before "component"). */
const KIND_NOUNS: Array<[ArtifactKind, string]> = [
  ['mermaid', String.raw`(?:mermaid\s+)?(?:flow\s*chart|flow\s+diagram|diagram|mermaid)`],
  ['svg', String.raw`svg(?:\s+(?:image|drawing|picture|illustration|icon|graphic))?|drawing|illustration`],
  ['react', String.raw`(?:react\s+)?(?:component|widget)`],
  ['html', String.raw`(?:(?:web|html|landing|home)\s*)?page|website|web\s*site`],
  ['document', String.raw`(?:markdown\s+)?(?:document|doc|report|write-?up|essay|article|guide)`],
  ['table', String.raw`(?:csv\s+)?(?:table|spreadsheet)|csv`],
  // Not "program": "write an example program with a table of results" is the long-answer demo.
  ['code', String.raw`(?:code|script|snippet)`],
]

/**
 * A request, not a question: the sentence starts with the verb ("make…", "please draw…"), or asks
 * someone else to ("can you write…", "I'd like you to create…", "I want a…").
 */
const ASK = String.raw`^(?:(?:hi|hello|hey)[,!.]?\s+)?(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d|’d| would) like(?: you to)?\s+|i (?:want|need)(?: you to)?\s+|let(?:'s|’s| us)\s+)?`
// Not "show me" or "give me": "show me a table" asks for one in the answer (the Markdown demo).
const VERB = String.raw`(?:make|create|build|draw|write|generate|design|sketch|produce|put together|code)`
const DETERMINER = String.raw`(?:\s+(?:me|us))?\s+(?:a|an|some|one|another|the|a new|a little|a small)?`
/** After the noun: the end, or what it is about ("about X", "for X", "of X", "showing X", ": X"). */
const AFTER = String.raw`(?:\s*$|\s*[.!:,]\s*|\s+(?:about|for|of|on|showing|explaining|describing|with|that|which|to|called|named|titled|in)\b)`

/**
 * Up to three words before the noun ("a simple python script", "an animated svg"), fewest first:
 * "make a page with a diagram" is a page (the noun right after the verb), not a diagram.
 */
const REQUESTS = [0, 1, 2, 3].flatMap((words) =>
  KIND_NOUNS.map(([kind, noun]) => ({
    kind,
    pattern: new RegExp(`${ASK}${VERB}${DETERMINER}((?:\\s+[\\p{L}\\p{N}-]+){${words}})\\s+(?:${noun})s?${AFTER}(.*)$`, 'iu'),
  })),
)

const TITLE_CHANGE = /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?(?:(?:change|set|update|make)\s+(?:the\s+|its\s+)?(?:title|name|heading)(?:\s+of\s+(?:it|this|the\s+\w+))?\s+(?:to|into)|rename\s+(?:it|this|the\s+\w+)(?:\s+to)?|retitle\s+(?:it|this|the\s+\w+)(?:\s+to)?|call\s+it)\s+(.+)$/iu
const MAKE_IT_FAIL = /^(?:please\s+)?(?:now\s+)?make\s+(?:it|one|a component)\s+(?:that\s+)?(?:fail|throw|crash|break)s?\b/i
/** "Fix it", "please fix this error: …", and what the panel's Ask to fix sends (the error, then "fix"). */
const FIX = /\b(?:fix|repair)\s+(?:it|this|that|the\s+(?:artifact|component|error|bug|page|problem|code|preview))\b/i

/** The artifact calls a message asks for, given the artifacts of its branch (oldest changed first). */
export function offlineArtifactCalls(text: string, artifacts: readonly PromptArtifact[]): PlannedCall[] {
  const message = text.replace(/\s+/g, ' ').trim()
  const newest = artifacts.at(-1)
  if (MAKE_IT_FAIL.test(message)) {
    const subject = newest ? newest.title : 'a broken list'
    return [{ toolName: CREATE_ARTIFACT_TOOL, input: { kind: 'react', title: 'Broken component', content: brokenComponent('Broken component', subject) } }]
  }
  // "How do I fix it?" asks for words, unless it quotes what went wrong (the panel's Ask to fix does).
  if (newest && FIX.test(message) && (!isQuestion(message) || /\b(?:error|exception|fail(?:s|ed)?|throws?)\b/i.test(message))) {
    // The panel's Ask to fix names the artifact ("… (id abc…, version 2) fails …"); else the newest.
    return [fixCall(artifacts.find((artifact) => message.includes(`id ${artifact.id}`)) ?? newest)]
  }
  const renamed = TITLE_CHANGE.exec(message)?.[1]
  if (newest && renamed) return [titleCall(newest, cleanTitle(renamed))]
  // A question is never a request, whatever nouns it has.
  if (isQuestion(message)) return []
  for (const { kind, pattern } of REQUESTS) {
    const match = pattern.exec(message)
    if (!match) continue
    const before = match[1]!.trim()
    // "some code in rust": the language is not what it is about.
    const named = (text: string) => (CODE_LANGUAGES.some((entry) => new RegExp(`^(?:${entry.asked.source})$`, 'i').test(text)) ? '' : text)
    const subject = named(cleanSubject(match[2]!)) || cleanSubject(withoutAdjectives(before)) || defaultSubject(kind)
    const language = kind === 'code' ? CODE_LANGUAGES.find((entry) => entry.asked.test(message))?.language : undefined
    const made = artifactContent(kind, titleFrom(subject, kind), subject, language)
    return [{ toolName: CREATE_ARTIFACT_TOOL, input: { ...made } }]
  }
  return []
}

/** "How do I…?", "What is…", "Can I…": asks for an answer, not for a thing to be made. */
function isQuestion(message: string): boolean {
  if (/^(?:how|what|why|when|where|who|whom|which|whose|is|are|was|were|do|does|did|should|shall|can i|could i|may i|can we|could we|is it|isn't|aren't)\b/i.test(message)) return true
  return /\?\s*$/.test(message) && !/^(?:(?:please\s+)?(?:can|could|would|will)\s+you)\b/i.test(message)
}

/** A new title: the newest artifact's title replaced wherever its content shows it, as edits. */
function titleCall(artifact: PromptArtifact, title: string): PlannedCall {
  const edits = titleEdits(artifact.content, artifact.title, title)
  return { toolName: UPDATE_ARTIFACT_TOOL, input: { id: artifact.id, title, ...(edits.length > 0 ? { edits } : {}) } }
}

/**
 * Each line that shows the old title, as an edit of that whole line (a line is unique where the
 * title alone may not be: "<title>T</title>" and "<h1>T</h1>"). None when a line repeats.
 */
function titleEdits(content: string, from: string, to: string): Array<{ find: string; replace: string }> {
  const lines = [...new Set(content.split('\n').filter((line) => line.includes(from)))]
  const once = (line: string) => content.split('\n').filter((other) => other === line).length === 1 && content.indexOf(line) === content.lastIndexOf(line)
  if (lines.length === 0 || !lines.every(once)) return []
  return lines.map((line) => ({ find: line, replace: line.split(from).join(to) }))
}

/** "Fix it": the demo's failing component gets its list back; anything else is written anew, working. */
function fixCall(artifact: PromptArtifact): PlannedCall {
  const subject = /const topic = ("(?:[^"\\]|\\.)*")/.exec(artifact.content)?.[1]
  const topic = subject ? (JSON.parse(subject) as string) : artifact.title
  if (artifact.kind === 'react' && artifact.content.includes(BROKEN_MARK)) {
    return { toolName: UPDATE_ARTIFACT_TOOL, input: { id: artifact.id, content: artifactContent('react', artifact.title, topic).content } }
  }
  return { toolName: UPDATE_ARTIFACT_TOOL, input: { id: artifact.id, content: artifactContent(artifact.kind, artifact.title, topic, artifact.language).content } }
}

/** "a simple python script": the words before the noun say how it is, not what it is about. */
function withoutAdjectives(words: string): string {
  const languages = CODE_LANGUAGES.map((entry) => entry.asked.source).join('|')
  return words
    .replace(new RegExp(languages, 'gi'), ' ')
    .replace(/\b(?:simple|small|little|short|quick|nice|new|basic|cool|pretty|beautiful|interactive|animated|fancy|good|great|tiny|long|full|complete|single|one)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function cleanSubject(text: string): string {
  return text
    .replace(/^(?:about|for|of|on|showing|explaining|describing|with|that|which|to|called|named|titled)\s+/i, '')
    .replace(/^(?:shows?|explains?|describes?|is about)\s+/i, '')
    .replace(/\s+(?:please|for me|thanks?|thank you)\s*$/i, '')
    .replace(/[\s.!?:;,]+$/u, '')
    .trim()
    .slice(0, 100)
}

function cleanTitle(text: string): string {
  return text.replace(/[\s.!?]+$/u, '').replace(/^["“'‘](.*)["”'’]$/u, '$1').trim().slice(0, 120) || 'Untitled'
}

function titleFrom(subject: string, kind: ArtifactKind): string {
  const words = subject.split(' ').slice(0, 8).join(' ')
  const title = words.charAt(0).toUpperCase() + words.slice(1)
  return kind === 'table' && !/\btable\b/i.test(title) ? `${title} table`.slice(0, 120) : title.slice(0, 120)
}

const DEFAULT_SUBJECTS: Record<ArtifactKind, string> = {
  html: 'the offline demo',
  svg: 'a sunny landscape',
  mermaid: 'how an answer is made',
  react: 'a checklist',
  document: 'the offline demo model',
  table: 'red, green and blue',
  code: 'a word counter',
}
const defaultSubject = (kind: ArtifactKind) => DEFAULT_SUBJECTS[kind]

/** The sentence the demo says after its artifact call came back (or undefined for another tool). */
export function describeArtifactResult(toolName: string, ok: boolean, value: unknown): string | undefined {
  if (!ARTIFACT_TOOLS.includes(toolName)) return undefined
  if (!ok) return `${toolName === CREATE_ARTIFACT_TOOL ? 'I could not make the artifact' : 'I could not change the artifact'}: ${String(value ?? 'it failed')}`
  const output = value as ArtifactToolOutput
  const what = `the ${KIND_NAMES[output.kind] ?? 'artifact'} “${output.title}”`
  if (toolName === CREATE_ARTIFACT_TOOL) return `I made ${what}: it is open in the panel beside the chat (version ${output.version}, ${sizeOf(output.bytes)}).`
  if (output.edits) return `I updated ${what} with ${output.edits} ${output.edits === 1 ? 'edit' : 'edits'}: version ${output.version} is in the panel, the earlier ones are kept.`
  return `I rewrote ${what}: version ${output.version} is in the panel, the earlier ones are kept.`
}

const KIND_NAMES: Record<ArtifactKind, string> = { document: 'document', code: 'code', html: 'page', svg: 'SVG image', mermaid: 'diagram', react: 'React component', table: 'table' }

const sizeOf = (bytes: number) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`)
