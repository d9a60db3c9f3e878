// The home screen creates a chat with its first question and hands over to the chat screen, which
// asks for the answer once it is on screen (so the answer streams there, not on the way).
const waiting = new Set<string>()

export function requestAnswerOnArrival(chatId: string): void {
  waiting.add(chatId)
}

/** True once per chat the home screen just created; the caller starts the answer. */
export function takeAnswerRequest(chatId: string): boolean {
  return waiting.delete(chatId)
}
