// What the offline demo model puts in the artifacts it makes: real content of each kind, built from
// the subject of the request, the same every time for the same words (no randomness, no clock).
import type { ArtifactKind } from '../../../shared/artifacts.ts'
import { codeOf, jsString } from './offline-artifact-code.ts'
// FNV-1a: a colour per subject, the same on every run.
import { hash } from './offline-markdown.ts'

export { CODE_LANGUAGES } from './offline-artifact-code.ts'

export interface MadeArtifact {
  kind: ArtifactKind
  title: string
  content: string
  language?: string
}

export function artifactContent(kind: ArtifactKind, title: string, subject: string, language?: string): MadeArtifact {
  switch (kind) {
    case 'html':
      return { kind, title, content: page(title, subject) }
    case 'svg':
      return { kind, title, content: drawing(title, subject) }
    case 'mermaid':
      return { kind, title, content: flowchart(title, subject) }
    case 'react':
      return { kind, title, content: component(title, subject, false) }
    case 'document':
      return { kind, title, content: documentOf(title, subject) }
    case 'table':
      return { kind, title, content: csvOf(subject) }
    case 'code': {
      const lang = language ?? 'python'
      return { kind, title, language: lang, content: codeOf(lang, title, subject) }
    }
  }
}

/** The component of "make it fail": it throws while rendering (reads a list that is not there). */
export const brokenComponent = (title: string, subject: string) => component(title, subject, true)

/** Marks the demo's failing component, so "fix it" knows what it is fixing. */
export const BROKEN_MARK = '// The list of tips is not loaded yet'

function page(title: string, subject: string): string {
  const hue = hash(subject) % 360
  const text = html(subject)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>
  :root { --accent: hsl(${hue} 65% 42%); --accent-2: hsl(${(hue + 40) % 360} 70% 38%); }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.6; color: #1f2933; background: #f5f7fa; }
  header { padding: 4rem 1.5rem 3rem; text-align: center; color: #fff; background: linear-gradient(135deg, var(--accent), var(--accent-2)); }
  header h1 { margin: 0 0 .5rem; font-size: clamp(2rem, 5vw, 3rem); letter-spacing: -.02em; }
  header p { margin: 0 auto; max-width: 36rem; opacity: .9; }
  main { max-width: 60rem; margin: -2rem auto 3rem; padding: 0 1.5rem; display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); }
  .card { background: #fff; border-radius: 1rem; padding: 1.5rem; box-shadow: 0 10px 30px rgb(15 23 42 / .08); }
  .card h2 { margin-top: 0; font-size: 1.15rem; color: var(--accent); }
  button { font: inherit; border: 0; border-radius: 999px; padding: .6rem 1.4rem; color: #fff; background: var(--accent); cursor: pointer; }
  button:hover { background: var(--accent-2); }
  footer { text-align: center; padding: 2rem; color: #616e7c; font-size: .9rem; }
  @media (prefers-color-scheme: dark) {
    body { color: #e4e7eb; background: #111827; }
    .card { background: #1f2937; box-shadow: none; }
  }
</style>
</head>
<body>
<header>
  <h1>${html(title)}</h1>
  <p>Everything worth knowing about ${text}, on one page.</p>
</header>
<main>
  <section class="card">
    <h2>What it is</h2>
    <p>This page is about ${text}: a short introduction, the ideas behind it and where to go next.</p>
  </section>
  <section class="card">
    <h2>Why it matters</h2>
    <p>People who learn about ${text} find it easier to explain, to compare and to put to use.</p>
  </section>
  <section class="card">
    <h2>Try it</h2>
    <p>Liked this page? Say so.</p>
    <button type="button" id="like">Like (<span id="count">0</span>)</button>
  </section>
</main>
<footer>Made by the offline demo model.</footer>
<script>
  let likes = 0
  document.getElementById('like').addEventListener('click', () => {
    likes += 1
    document.getElementById('count').textContent = String(likes)
  })
</script>
</body>
</html>
`
}

function drawing(title: string, subject: string): string {
  const hue = hash(subject) % 360
  const label = html(subject.length > 34 ? `${subject.slice(0, 33)}…` : subject)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-labelledby="title">
  <title id="title">${html(title)}</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 80% 78%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 30) % 360} 85% 92%)"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff7c2"/>
      <stop offset="1" stop-color="#fbbf24"/>
    </radialGradient>
  </defs>
  <rect width="400" height="300" fill="url(#sky)"/>
  <circle cx="310" cy="80" r="38" fill="url(#sun)"/>
  <g fill="#fff" opacity="0.85">
    <ellipse cx="90" cy="70" rx="38" ry="14"/>
    <ellipse cx="120" cy="62" rx="28" ry="16"/>
    <ellipse cx="210" cy="105" rx="30" ry="10"/>
  </g>
  <path d="M0 220 Q 80 150 160 210 T 320 200 T 400 190 V 300 H 0 Z" fill="hsl(${(hue + 120) % 360} 45% 45%)"/>
  <path d="M0 250 Q 100 200 200 245 T 400 235 V 300 H 0 Z" fill="hsl(${(hue + 120) % 360} 50% 32%)"/>
  <g transform="translate(70 205)">
    <rect x="-4" y="0" width="8" height="30" fill="#7c4a21"/>
    <circle cx="0" cy="-8" r="18" fill="hsl(${(hue + 130) % 360} 55% 30%)"/>
  </g>
  <text x="200" y="285" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" fill="#fff">${label}</text>
</svg>
`
}

function flowchart(title: string, subject: string): string {
  const s = subject.replace(/["[\]{}()|<>#;`]/g, ' ').replace(/\s+/g, ' ').trim() || 'it'
  return `---
title: ${title.replace(/[\r\n]/g, ' ')}
---
flowchart TD
  A(["Start with ${s}"]) --> B["Learn what ${s} is"]
  B --> C{"Ready to try it?"}
  C -->|Yes| D["Try ${s} yourself"]
  C -->|Not yet| E["Read more about ${s}"]
  E --> B
  D --> F{"Did it work?"}
  F -->|Yes| G(["Share what you made"])
  F -->|No| H["Ask for help"]
  H --> D
`
}

function component(title: string, subject: string, broken: boolean): string {
  const s = jsString(subject)
  const tips = broken
    ? `  ${BROKEN_MARK}, so this reads a property of undefined while rendering.\n  const tips = undefined\n`
    : `  const tips = [\`Read about \${topic}\`, \`Try \${topic} once\`, \`Explain \${topic} to a friend\`]\n`
  return `import React, { useState } from 'react'

export default function App() {
  const topic = ${s}
  const [done, setDone] = useState([])
  const [count, setCount] = useState(0)
${tips}  const toggle = (tip) => setDone(done.includes(tip) ? done.filter((d) => d !== tip) : [...done, tip])

  return (
    <div style={styles.page}>
      <div style={styles.card}>
        <h1 style={styles.title}>${jsxText(title)}</h1>
        <p style={styles.muted}>{tips.length} ideas about {topic}: {done.length} done.</p>
        <ul style={styles.list}>
          {tips.map((tip) => (
            <li key={tip}>
              <label style={styles.item}>
                <input type="checkbox" checked={done.includes(tip)} onChange={() => toggle(tip)} /> {tip}
              </label>
            </li>
          ))}
        </ul>
        <button style={styles.button} onClick={() => setCount(count + 1)}>
          Clicked {count} {count === 1 ? 'time' : 'times'}
        </button>
      </div>
    </div>
  )
}

const styles = {
  page: { minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'linear-gradient(135deg, #eef2ff, #fdf2f8)', fontFamily: 'system-ui, sans-serif' },
  card: { width: 'min(26rem, 90vw)', padding: '2rem', borderRadius: '1.25rem', background: '#fff', color: '#1e293b', boxShadow: '0 12px 40px rgba(30, 41, 59, 0.12)' },
  title: { margin: '0 0 0.25rem', fontSize: '1.6rem', color: '#312e81' },
  muted: { margin: '0 0 1rem', color: '#64748b' },
  list: { listStyle: 'none', padding: 0, margin: '0 0 1.5rem', display: 'grid', gap: '0.5rem' },
  item: { display: 'flex', gap: '0.5rem', alignItems: 'center', cursor: 'pointer' },
  button: { border: 0, borderRadius: '999px', padding: '0.6rem 1.4rem', color: '#fff', background: '#4f46e5', font: 'inherit', cursor: 'pointer' },
}
`
}

function documentOf(title: string, subject: string): string {
  const words = subject.match(/[\p{L}\p{N}'’-]+/gu) ?? []
  return `# ${title}

A short guide to ${subject}, written by the offline demo model from the words of your request.

## Key points

- **What:** ${capital(subject)} in a sentence, and the words people use for it.
- **Why:** what knowing about ${subject} changes in practice.
- **How:** three steps to get started, below.

## At a glance

| Word | Letters | Position |
| --- | ---: | ---: |
${(words.length > 0 ? words.slice(0, 8) : ['(none)']).map((word, index) => `| ${word.replace(/\|/g, '\\|')} | ${[...word].length} | ${index + 1} |`).join('\n')}

## Getting started

1. Read one introduction to ${subject}.
2. Try it once, on something small.
3. Write down what surprised you.

## A formula

Progress compounds: a little better each day, $p$ percent, gives after $n$ days

$$
\\text{gain} = \\left(1 + \\frac{p}{100}\\right)^{n}
$$

> Connect a real model to have documents written about ${subject} itself.
`
}

function csvOf(subject: string): string {
  const listed = subject.split(/\s*(?:,|\band\b|;)\s*/i).map((item) => item.trim()).filter(Boolean)
  const items = listed.length >= 2 ? listed : (subject.match(/[\p{L}\p{N}'’-]+/gu) ?? ['item'])
  const rows = items.slice(0, 20).map((item, index) => {
    const letters = [...item].filter((ch) => /\p{L}/u.test(ch))
    const vowels = letters.filter((ch) => /[aeiouyàáâäèéêëìíîïòóôöùúûü]/i.test(ch)).length
    return [csvCell(item), letters.length, vowels, letters.length - vowels, index + 1].join(',')
  })
  return ['Item,Letters,Vowels,Consonants,Position', ...rows].join('\n') + '\n'
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const jsxText = (text: string) => text.replace(/[{}<>]/g, (ch) => `{'${ch}'}`)
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
