// The Markdown the offline model answers with (offline-model.ts streams it): built from the message
// alone, so the same question gets the same answer, and showing each thing the chat renders when the
// question asks for it: code in the language named, a table, math, a Mermaid diagram.
import { filesSection, type AttachedFile } from './offline-files.ts'

const CODE_WORDS = /\b(code|coding|function|functions|example|examples|snippet|program|script|typescript|javascript|python|rust|golang|java|ruby|bash|shell|sql)\b/i

/** A string literal any of the sample languages reads (double quotes, backslash escapes). */
const quoted = (text: string) => JSON.stringify(text.replaceAll('`', "'"))

/**
 * The code sample, in the language the question asks for (TypeScript when it names none): the same
 * small function that counts a message's words, the way this model does.
 */
const CODE_SAMPLES: Array<{ name: string; fence: string; asked: RegExp; lines: (message: string) => string[] }> = [
  {
    name: 'TypeScript',
    fence: 'ts',
    asked: /\b(typescript|ts)\b/i,
    lines: (message) => [
      '// Echoes a message, a bit like this offline model.',
      'export function reply(message: string): string {',
      '  const words = message.trim().split(/\\s+/)',
      '  return `You said ${words.length} words: ${message}`',
      '}',
      '',
      `console.log(reply(${quoted(message)}))`,
    ],
  },
  {
    name: 'Python',
    fence: 'python',
    asked: /\bpython\b|\.py\b/i,
    lines: (message) => [
      '# Echoes a message, a bit like this offline model.',
      'def reply(message: str) -> str:',
      '    words = message.split()',
      '    return f"You said {len(words)} words: {message}"',
      '',
      '',
      `print(reply(${quoted(message)}))`,
    ],
  },
  {
    name: 'JavaScript',
    fence: 'js',
    asked: /\b(javascript|js|node(\.js)?)\b/i,
    lines: (message) => [
      '// Echoes a message, a bit like this offline model.',
      'export function reply(message) {',
      '  const words = message.trim().split(/\\s+/)',
      '  return `You said ${words.length} words: ${message}`',
      '}',
      '',
      `console.log(reply(${quoted(message)}))`,
    ],
  },
  {
    name: 'Rust',
    fence: 'rust',
    asked: /\brust\b/i,
    lines: (message) => [
      '// Echoes a message, a bit like this offline model.',
      'fn reply(message: &str) -> String {',
      '    let words = message.split_whitespace().count();',
      '    format!("You said {words} words: {message}")',
      '}',
      '',
      'fn main() {',
      `    println!("{}", reply(${quoted(message)}));`,
      '}',
    ],
  },
  {
    name: 'Go',
    fence: 'go',
    asked: /\b(golang|go)\b(?= (code|function|program|example|snippet))|\bin go\b|\bgolang\b/i,
    lines: (message) => [
      'package main',
      '',
      'import (',
      '\t"fmt"',
      '\t"strings"',
      ')',
      '',
      '// reply echoes a message, a bit like this offline model.',
      'func reply(message string) string {',
      '\treturn fmt.Sprintf("You said %d words: %s", len(strings.Fields(message)), message)',
      '}',
      '',
      'func main() {',
      `\tfmt.Println(reply(${quoted(message)}))`,
      '}',
    ],
  },
  {
    name: 'Java',
    fence: 'java',
    asked: /\bjava\b/i,
    lines: (message) => [
      '// Echoes a message, a bit like this offline model.',
      'public class Reply {',
      '    static String reply(String message) {',
      '        int words = message.trim().split("\\\\s+").length;',
      '        return "You said " + words + " words: " + message;',
      '    }',
      '',
      '    public static void main(String[] args) {',
      `        System.out.println(reply(${quoted(message)}));`,
      '    }',
      '}',
    ],
  },
  {
    name: 'Ruby',
    fence: 'ruby',
    asked: /\bruby\b/i,
    lines: (message) => [
      '# Echoes a message, a bit like this offline model.',
      'def reply(message)',
      '  "You said #{message.split.size} words: #{message}"',
      'end',
      '',
      `puts reply(${quoted(message)})`,
    ],
  },
  {
    name: 'Bash',
    fence: 'bash',
    asked: /\b(bash|shell|sh script)\b/i,
    lines: (message) => [
      '# Echoes a message, a bit like this offline model.',
      'reply() {',
      '  local words',
      '  words=$(wc -w <<< "$1")',
      '  echo "You said $words words: $1"',
      '}',
      '',
      `reply ${quoted(message.replaceAll('$', ''))}`,
    ],
  },
  {
    name: 'SQL',
    fence: 'sql',
    asked: /\bsql\b/i,
    lines: (message) => [
      '-- Counts the words of a message, a bit like this offline model.',
      `SELECT ${"'" + message.replaceAll("'", "''") + "'"} AS message,`,
      `       array_length(regexp_split_to_array(trim(${"'" + message.replaceAll("'", "''") + "'"}), '\\s+'), 1) AS words;`,
    ],
  },
]
const TABLE_WORDS = /\btables?\b/i
const MATH_WORDS = /\b(math|maths|formulas?|equations?|latex|katex)\b/i
const DIAGRAM_WORDS = /\b(diagrams?|flowcharts?|mermaid)\b/i
export const CONNECT_MODEL_HINT =
  '**Connect a real model:** set `OPENAI_BASE_URL` (and `OPENAI_API_KEY` when the server needs one) to use any OpenAI-compatible server such as OpenAI, Ollama, vLLM, llama.cpp, LM Studio or OpenRouter, or set `ANTHROPIC_API_KEY` or `GOOGLE_GENERATIVE_AI_API_KEY`, then restart the app.'

export function markdownAnswer(text: string, turn: number, files: AttachedFile[] = [], instructions = ''): string {
  const quote = excerpt(text, 160)
  const words = countWords(text)
  const sections: string[] = []
  if (!quote && files.length > 0) {
    sections.push('You sent files without a message. I am the built-in offline demo model: I cannot read them the way a real model would, but I can tell you what they are.')
  } else if (!quote) {
    sections.push('Your message had no text I could read. I am the built-in offline demo model, so I can only answer text, and always the same way.')
  } else {
    const openings = [
      `You asked: “${quote}”. I am the built-in offline demo model, so I cannot really think about it, but I can show you how an answer looks while it streams in.`,
      `Thanks for your message: “${quote}”. This answer comes from the built-in offline demo model: it is made from your own words and is the same every time you ask.`,
      `Here is what I received: “${quote}”. No AI provider answers here yet, so the built-in offline demo model replies with a fixed pattern built from your message.`,
    ]
    sections.push(openings[hash(text) % openings.length]!)
  }
  if (files.length > 0) sections.push(filesSection(files))
  const longest = (text.match(/[\p{L}\p{N}'-]+/gu) ?? []).reduce((best, word) => (word.length > best.length ? word : best), '')
  sections.push(
    [
      '**What I noticed:**',
      '',
      `- Your message has ${plural(words, 'word')} and ${plural([...text].length, 'character')}.`,
      `- It is message ${turn} of this conversation.`,
      ...(longest ? [`- The longest word you used is “${longest}”.`] : []),
      '- Answers stream word by word, so you can stop one halfway.',
    ].join('\n'),
  )
  // Custom instructions, a project's and a chat's system prompt arrive as the system prompt: the
  // demo cannot follow them, but it shows that they arrived (and what they said).
  if (instructions.trim()) {
    sections.push(`**Your instructions reached me** as the system prompt: “${excerpt(instructions, 200)}”. A real model would follow them; the offline demo model only shows that they arrived.`)
  }
  if (CODE_WORDS.test(text)) {
    const language = CODE_SAMPLES.find((entry) => entry.asked.test(text)) ?? CODE_SAMPLES[0]!
    sections.push([`Here is a small example in ${language.name}:`, '', '```' + language.fence, ...language.lines(excerpt(text, 60)), '```'].join('\n'))
  }
  if (TABLE_WORDS.test(text)) {
    sections.push(
      [
        '| Property | Value |',
        '| --- | --- |',
        '| Model | Offline demo |',
        `| Words | ${words} |`,
        `| Characters | ${[...text].length} |`,
        `| Message number | ${turn} |`,
      ].join('\n'),
    )
  }
  if (MATH_WORDS.test(text)) {
    sections.push(
      [
        `Math renders as you would write it: Euler's identity $e^{i\\pi} + 1 = 0$, inline, and the quadratic formula on a line of its own:`,
        '',
        '$$',
        'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
        '$$',
      ].join('\n'),
    )
  }
  if (DIAGRAM_WORDS.test(text)) {
    sections.push(
      [
        'Here is how this answer came about, as a diagram:',
        '',
        '```mermaid',
        'flowchart LR',
        '  A[Your message] --> B(Offline demo model)',
        '  B --> C{Asked for a diagram?}',
        '  C -->|yes| D[This diagram]',
        '  C -->|no| E[A plain answer]',
        '```',
      ].join('\n'),
    )
  }
  sections.push(CONNECT_MODEL_HINT)
  return sections.join('\n\n')
}

/** One line, at most `max` characters: a quote that cannot break the Markdown around it. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').replace(/[“”]/g, '"').replace(/`{3,}/g, '`').trim()
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** FNV-1a: a stable choice per prompt, the same on every run and every machine. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0
}
