// The chat screen's composer. It owns the text being typed, so a key press re-renders the composer
// only, never the message list (in a long chat that was most of the cost of every key).
import { useImperativeHandle, useRef, useState, type Ref } from 'react'
import { PromptBox, type PromptBoxProps } from './prompt-box.tsx'
import type { ComposerFilesHandle } from './attachments/composer-files.tsx'
import type { SentFile } from './attachments/file-sizes.ts'

export interface ComposerHandle {
  clear(): void
  /** Puts a refused message's text and files back, unless something new was typed meanwhile. */
  restore(text: string, files: SentFile[]): void
  /** Puts text in the prompt for the user to finish and send (after what is typed there already), caret at its end. */
  fill(text: string): void
}

export function ChatComposer({ handle, ...props }: Omit<PromptBoxProps, 'value' | 'onValueChange'> & { handle: Ref<ComposerHandle> }) {
  const [value, setValue] = useState('')
  const files = useRef<ComposerFilesHandle>(null)
  useImperativeHandle(
    handle,
    () => ({
      clear: () => {
        setValue('')
        files.current?.clear()
      },
      restore: (text, sent) => {
        setValue((current) => current || text)
        files.current?.restore(sent)
      },
      fill: (text) => {
        setValue((current) => (current.trim() ? `${current.trimEnd()}\n\n${text}` : text))
        // After React has put the text in: focus, caret at the end.
        requestAnimationFrame(() => {
          const textarea = props.textareaRef?.current
          textarea?.focus()
          textarea?.setSelectionRange(textarea.value.length, textarea.value.length)
        })
      },
    }),
    [],
  )
  return <PromptBox {...props} value={value} onValueChange={setValue} filesRef={files} />
}
