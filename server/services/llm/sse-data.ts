// Server-sent events, reduced to what a model stream needs: the `data` of each event, as text
// arrives (chunks may split lines and events anywhere). Lines end with LF or CRLF; an event ends
// at a blank line; `data:` lines of one event are joined with LF; other fields and `:` comments
// are skipped. Plain string work, no stream object per answer (see openai-chat-model.ts for why).

export interface SseDataParser {
  /** Feeds decoded text; calls `onData` for every event that is complete now. */
  push(text: string): void
  /** The body ended: an event without its closing blank line still counts. */
  end(): void
}

export function createSseDataParser(onData: (data: string) => void): SseDataParser {
  let pending = ''
  let data: string | undefined

  function line(text: string) {
    if (text === '') {
      if (data !== undefined) {
        const event = data
        data = undefined
        onData(event)
      }
      return
    }
    if (!text.startsWith('data:')) return
    const value = text.charCodeAt(5) === 32 ? text.slice(6) : text.slice(5)
    data = data === undefined ? value : `${data}\n${value}`
  }

  return {
    push(text) {
      pending += text
      let start = 0
      for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n', start)) {
        const end = newline > start && pending.charCodeAt(newline - 1) === 13 ? newline - 1 : newline
        line(pending.slice(start, end))
        start = newline + 1
      }
      pending = start === 0 ? pending : pending.slice(start)
    },
    end() {
      if (pending) line(pending.endsWith('\r') ? pending.slice(0, -1) : pending)
      pending = ''
      line('')
    },
  }
}
