// System prompts shared by the chat layer and the offline model. The offline model recognises the
// title request by its first word, so the chat layer must send TITLE_SYSTEM_PROMPT unchanged.

/** A system prompt that starts with this asks for a chat title instead of an answer. */
export const TITLE_PROMPT_MARKER = 'Title:'

/** For `generateText({ model, system: TITLE_SYSTEM_PROMPT, prompt: firstUserMessage })`. */
export const TITLE_SYSTEM_PROMPT = `${TITLE_PROMPT_MARKER} write a short title for a conversation that starts with the user's message. Use at most 6 words in the language of the message, no quotes, no punctuation at the end. Answer with the title only.`

/** The longest title the offline model produces, in words. */
export const TITLE_MAX_WORDS = 6

export function isTitleRequest(systemPrompt: string): boolean {
  return systemPrompt.trimStart().startsWith(TITLE_PROMPT_MARKER)
}

/** Words a cut title should not end on ("Compare SQLite and PostgreSQL in a…"). */
export const DANGLING_WORD = /^(a|an|the|of|in|on|at|to|for|from|by|with|and|or|but|about|into|as|is|are|my|your|our|this|that)$/i

/**
 * Sent to the model after a stopped or cut answer when its user asks to continue it (never stored,
 * never shown): what it writes then is added to that answer.
 */
export const CONTINUE_PROMPT = 'Continue your previous answer exactly where it stopped, without repeating anything and without any preamble.'

/**
 * The system prompt of an answer: the owner's custom instructions, then the project's
 * instructions, then the chat's own system prompt, each kept as written, blank lines between
 * them, and last the chat's artifacts as they are on the answer's branch
 * (services/artifacts/artifact-prompt.ts). Empty when there are none.
 */
export function composeSystemPrompt(...layers: Array<string | null | undefined>): string {
  return layers
    .map((layer) => layer?.trim() ?? '')
    .filter(Boolean)
    .join('\n\n')
}
