// The Stop button of an answer being written.
import { useRef, useState } from 'react'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { describeChatError } from './chat-errors.ts'

/** How long the stream may take to end by itself after Stop before the browser cuts it. */
const CUT_AFTER_MS = 1500

/**
 * Stop: the server stops the model and stores what was written; the stream then ends by itself
 * with exactly that text, so the screen and a reload agree. Only if it does not end soon (the
 * connection is stuck) does the browser cut it (`cut`, useChat's stop).
 */
export function useStopAnswer({ chatId, busy, cut, onPressed }: { chatId: string; busy: boolean; cut: () => Promise<void>; onPressed: () => void }) {
  /** The user pressed Stop during the current request (a new request sets it back to false). */
  const requested = useRef(false)
  const [stopping, setStopping] = useState(false)
  const busyNow = useRef(busy)
  busyNow.current = busy

  async function stopAnswer() {
    requested.current = true
    setStopping(true)
    const stopOnServer = () => http.post(`/api/chats/${encodeURIComponent(chatId)}/stop`)
    try {
      await stopOnServer()
    } catch (error) {
      notify({ title: 'Could not stop the answer', description: describeChatError(error).message, variant: 'error' })
    }
    setTimeout(() => {
      // Not when a new request began since (Continue, a new message): that one was not stopped.
      if (!busyNow.current || !requested.current) return
      void cut()
      // Stop pressed before the answer had started on the server: stop it now that it has.
      void stopOnServer().catch(() => undefined)
    }, CUT_AFTER_MS)
    onPressed()
  }

  return { requested, stopping, setStopping, stopAnswer }
}
