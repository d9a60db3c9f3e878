import { useLocation } from 'wouter'
import type { PageError } from '../../shared/error-page.ts'

/**
 * Status code, status message, message, and a way back home (docs/product-contract.md). A message that already says
 * the status ("Chat not found" for 404 Not Found) is the heading, so the page does not say it twice.
 * A non-fatal error shows inside the app's layout (its <main>); a fatal one is the whole page.
 */
export default function ErrorPage({ error }: { error: PageError }) {
  const [, navigate] = useLocation()
  const messageSaysStatus = error.message.toLowerCase().includes(error.statusMessage.toLowerCase())
  const Root = error.fatal ? 'main' : 'div'
  return (
    <Root className={`flex flex-col items-center justify-center gap-4 px-6 py-12 text-center ${error.fatal ? 'min-h-dvh' : 'flex-1'}`} data-error-page>
      <p className="text-sm font-semibold tracking-wide text-primary-800 dark:text-primary-400">{error.statusCode}</p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{messageSaysStatus ? error.message : error.statusMessage}</h1>
      {!messageSaysStatus && <p className="max-w-prose text-base text-neutral-600 dark:text-neutral-300">{error.message}</p>}
      {error.statusCode === 404 && error.message.startsWith('Chat not found') && (
        <p className="max-w-prose text-base text-neutral-600 dark:text-neutral-300">It was deleted, or it belongs to someone who has not shared it.</p>
      )}
      {/* A GET form: the button works before hydration too; after it, navigation stays client-side
          unless the error was fatal, where a fresh page load is the safe way back. */}
      <form
        action="/"
        method="get"
        onSubmit={(event) => {
          if (error.fatal) return
          event.preventDefault()
          navigate('/')
        }}
      >
      <button
        type="submit"
        className="mt-4 inline-flex items-center gap-2 rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400"
      >
        Back to home
      </button>
      </form>
    </Root>
  )
}
