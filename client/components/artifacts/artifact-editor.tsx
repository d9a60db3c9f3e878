// The Code tab's editor: CodeMirror 6 with the artifact's language (its own lazy chunk, loaded when
// the tab first opens). Uncontrolled while typing; a new `value` from outside (another version, the
// newer version after a conflict) replaces the text.
import { useEffect, useRef } from 'react'
import { EditorState, type Extension } from '@codemirror/state'
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { HighlightStyle, syntaxHighlighting, indentOnInput, bracketMatching } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import { javascript } from '@codemirror/lang-javascript'
import { python } from '@codemirror/lang-python'
import { markdown } from '@codemirror/lang-markdown'
import { html } from '@codemirror/lang-html'
import { css } from '@codemirror/lang-css'
import { json } from '@codemirror/lang-json'
import type { ArtifactKind } from '../../../shared/artifacts.ts'
import { STYLE_NONCE_META_NAME } from '../../../shared/constants.ts'

export interface ArtifactEditorProps {
  value: string
  kind: ArtifactKind
  language?: string
  /** The editor's accessible name. */
  label: string
  onChange(value: string): void
  /** The selected text (empty when nothing is selected), for Ask about this / Change this. */
  onSelection?(text: string, rect: DOMRect | null): void
}

function languageOf(kind: ArtifactKind, language = ''): Extension[] {
  const name = language.toLowerCase()
  if (kind === 'document') return [markdown()]
  if (kind === 'html' || kind === 'svg') return [html()]
  if (kind === 'react') return [javascript({ jsx: true, typescript: /tsx|typescript/.test(name) })]
  if (kind !== 'code') return []
  if (/^(js|javascript|jsx|node)$/.test(name)) return [javascript({ jsx: name === 'jsx' })]
  if (/^(ts|typescript|tsx)$/.test(name)) return [javascript({ typescript: true, jsx: name === 'tsx' })]
  if (/^(py|python)$/.test(name)) return [python()]
  if (/^(html|xml|svg)$/.test(name)) return [html()]
  if (/^(css|scss)$/.test(name)) return [css()]
  if (name === 'json') return [json()]
  if (/^(md|markdown)$/.test(name)) return [markdown()]
  return []
}

// Colours for both themes at once (the page's color-scheme picks), close to the code blocks' GitHub themes.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.operatorKeyword], color: 'light-dark(#cf222e, #ff7b72)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'light-dark(#0a3069, #a5d6ff)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'light-dark(#0550ae, #79c0ff)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'light-dark(#59636e, #9198a1)', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'light-dark(#6639ba, #d2a8ff)' },
  { tag: [tags.typeName, tags.className, tags.tagName], color: 'light-dark(#116329, #7ee787)' },
  { tag: [tags.attributeName, tags.propertyName], color: 'light-dark(#0550ae, #79c0ff)' },
  { tag: tags.heading, fontWeight: 'bold', color: 'light-dark(#0550ae, #79c0ff)' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.link, textDecoration: 'underline' },
])

const look = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'light-dark(#ffffff, #0a0a0a)', color: 'light-dark(#1f2328, #e6edf3)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, monospace)', lineHeight: '1.6' },
  '.cm-gutters': { backgroundColor: 'light-dark(#f6f8fa, #161b22)', color: 'light-dark(#59636e, #9198a1)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'light-dark(#f6f8fa80, #ffffff0d)' },
  '&.cm-focused': { outline: '2px solid var(--color-primary-600, #2563eb)', outlineOffset: '-2px' },
  '.cm-cursor': { borderLeftColor: 'light-dark(#1f2328, #e6edf3)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'light-dark(#b6d7ff, #264f78) !important' },
})

export function ArtifactEditor({ value, kind, language, label, onChange, onSelection }: ArtifactEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const handlers = useRef({ onChange, onSelection })
  handlers.current = { onChange, onSelection }

  useEffect(() => {
    // The editor's own <style> carries the page's style nonce (the page's policy allows no other inline style).
    const nonce = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META_NAME}"]`)?.content
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(highlight),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.lineWrapping,
          // tabindex: the scrolling box has a focusable element in it for every tool that checks (axe counts tabindex, not contenteditable).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
          look,
          ...languageOf(kind, language),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString())
            if (update.selectionSet || update.docChanged) {
              const range = update.state.selection.main
              const text = update.state.sliceDoc(range.from, range.to)
              const coords = text ? update.view.coordsAtPos(range.head) : null
              handlers.current.onSelection?.(text, coords ? new DOMRect(coords.left, coords.top, 0, coords.bottom - coords.top) : null)
            }
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
    // The editor is made once per artifact kind and language; value changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, language])

  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
  }, [value])

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-artifact-editor />
}
