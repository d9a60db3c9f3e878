// The chat screen's composer. It owns the text being typed, so a key press re-renders the composer
// only, never the message list (in a long chat that was most of the cost of every key).
import { useImperativeHandle, useState, type Ref } from 'react'
import { PromptBox, type PromptBoxProps } from './prompt-box.tsx'

export interface ComposerHandle {
  clear(): void
  /** Puts a refused message's text back, unless something new was typed meanwhile. */
  restore(text: string): void
}

export function ChatComposer({ handle, ...props }: Omit<PromptBoxProps, 'value' | 'onValueChange'> & { handle: Ref<ComposerHandle> }) {
  const [value, setValue] = useState('')
  useImperativeHandle(handle, () => ({ clear: () => setValue(''), restore: (text) => setValue((current) => current || text) }), [])
  return <PromptBox {...props} value={value} onValueChange={setValue} />
}
