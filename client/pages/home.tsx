import { PRODUCT_NAME } from '../../shared/constants.ts'

export default function HomePage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 sm:text-3xl dark:text-white">
          Hello there!
        </h1>
        <p className="mt-2 text-lg text-neutral-500 dark:text-neutral-400">How can I help you today?</p>
      </div>
      <div
        className="rounded-xl border border-dashed border-neutral-300 p-6 text-sm text-neutral-500 dark:border-neutral-700 dark:text-neutral-400"
        data-testid="home-empty-state"
      >
        {PRODUCT_NAME} is getting ready. The prompt box appears here once chatting is switched on.
      </div>
    </div>
  )
}
