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
    }),
    [],
  )
  return <PromptBox {...props} value={value} onValueChange={setValue} filesRef={files} />
}
