import { useEffect, useRef, useState } from 'react'
import { useConnectionState } from '../../lib/connection.ts'

const BACK_ONLINE_SHOWN_MS = 3000

/**
 * The notice at the top of the window while the browser is offline or the server does not answer,
 * and briefly once it is back. The page itself stays as it was: nothing typed or shown is lost.
 * Its own chunk, loaded once the page has settled (connection-status.tsx).
 */
export function ConnectionNotice() {
  const connection = useConnectionState()
  const [backOnline, setBackOnline] = useState(false)
  const wasDown = useRef(false)
  useEffect(() => {
    if (connection !== 'online') {
      wasDown.current = true
      setBackOnline(false)
      return
    }
    if (!wasDown.current) return
    wasDown.current = false
    setBackOnline(true)
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_SHOWN_MS)
    return () => clearTimeout(timer)
  }, [connection])

  const text =
    connection === 'offline'
      ? 'You are offline. What you type stays here until you are back.'
      : connection === 'unreachable'
        ? 'Connection to the server lost. Reconnecting…'
        : backOnline
          ? 'Back online.'
          : ''
  return (
    <>
      {text && (
        <p
          data-connection={connection}
          className={
            connection === 'online'
              ? 'rounded-full bg-primary-800 px-4 py-1.5 text-sm font-medium text-white shadow-md'
              : 'rounded-full bg-neutral-900 px-4 py-1.5 text-sm font-medium text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900'
          }
        >
          {connection !== 'online' && <span aria-hidden className="mr-2 inline-block size-2 animate-pulse rounded-full bg-error-600 align-middle" />}
          {text}
        </p>
      )}
    </>
  )
}
