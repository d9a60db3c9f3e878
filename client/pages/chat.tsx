import { useRouteData } from '../lib/page-context.ts'
import type { ChatPageData } from '../../shared/page-data.ts'

export default function ChatPage() {
  const { data } = useRouteData<ChatPageData>()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-6 sm:px-6">
      <h1 className="sr-only">Chat {data.id}</h1>
      <section
        role="log"
        aria-label="Messages"
        className="flex flex-1 flex-col items-center justify-center gap-2 text-center text-sm text-neutral-500 dark:text-neutral-400"
      >
        <p className="text-base font-medium text-neutral-700 dark:text-neutral-200">No messages yet</p>
        <p>Messages of this chat will show here.</p>
      </section>
    </div>
  )
}
