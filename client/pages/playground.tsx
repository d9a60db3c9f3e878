import { PrefetchLink } from '../components/app/prefetch-link.tsx'

// The UI kit playground (/_playground, only when UI_PLAYGROUND is on): every kit component in one
// place, to look at in both colour modes and to drive from the Playwright tests.
export default function PlaygroundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold">UI playground</h1>
      <section aria-labelledby="playground-prefetch" className="flex flex-col gap-3">
        <h2 id="playground-prefetch" className="text-lg font-medium">
          Prefetch links
        </h2>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          Each link loads its page when it comes into view (at most 4 at once), so a click shows it at once.
        </p>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {Array.from({ length: 10 }, (_, i) => `/chat/p${i + 1}`).map((href) => (
            <li key={href}>
              <PrefetchLink href={href} className="text-sm text-primary-700 underline dark:text-primary-400">
                {href}
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
