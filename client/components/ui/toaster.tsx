import { useEffect, useRef } from 'react'
import { useToaster } from 'react-hot-toast/headless'

/** SPEC §2: toast notifications positioned top-right; F8 moves focus into the region. */
export function Toaster() {
  const { toasts, handlers } = useToaster()
  const region = useRef<HTMLOListElement>(null)
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'F8') {
        event.preventDefault()
        region.current?.focus()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed top-0 right-0 z-50 w-full p-4 sm:w-[24rem]">
      <ol
        ref={region}
        tabIndex={-1}
        className="flex flex-col gap-2 outline-none"
        onMouseEnter={handlers.startPause}
        onMouseLeave={handlers.endPause}
      >
        {toasts
          .filter((toast) => toast.visible)
          .map((toast) => (
            <li
              key={toast.id}
              role="status"
              className="pointer-events-auto rounded-lg border border-neutral-200 bg-white p-4 text-sm shadow-lg dark:border-neutral-700 dark:bg-neutral-800"
            >
              {typeof toast.message === 'function' ? toast.message(toast) : toast.message}
            </li>
          ))}
      </ol>
    </section>
  )
}
