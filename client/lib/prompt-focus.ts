// How the layout's shortcuts reach the page's prompt: the prompt's textarea carries `data-prompt`,
// and ⌘/Ctrl+Shift+O on the home page calls focusPrompt(). (A page focuses its own prompt when it
// opens: useFocusOnArrival.)
export const PROMPT_SELECTOR = '[data-prompt]'

/** Focuses the prompt (caret at the end) if the page has an enabled one; true when it did. */
export function focusPrompt(): boolean {
  const prompt = document.querySelector<HTMLTextAreaElement | HTMLInputElement>(PROMPT_SELECTOR)
  if (!prompt || prompt.disabled || prompt.closest('[inert]')) return false
  prompt.focus()
  const end = prompt.value.length
  prompt.setSelectionRange?.(end, end)
  return document.activeElement === prompt
}
