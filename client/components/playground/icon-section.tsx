import { useState } from 'react'
import { Icon } from '../ui/icon.tsx'

/** Playground: <Icon> from three collections, sizes, a labelled icon, a missing one, and icons fetched on demand. */
export function IconSection() {
  const [more, setMore] = useState(false)
  return (
    <section aria-labelledby="playground-icons" className="flex flex-col gap-4">
      <h2 id="playground-icons" className="text-lg font-semibold">
        Icon
      </h2>
      <div data-testid="icons-collections" className="flex items-center gap-4 text-neutral-700 dark:text-neutral-200">
        <Icon name="lucide:house" size={24} />
        <Icon name="lucide:settings" size={24} />
        <Icon name="lucide:user" size={24} />
        <Icon name="simple-icons:github" size={24} />
        <Icon name="logos:react" size={24} />
      </div>
      <div data-testid="icons-sizes" className="flex items-end gap-4">
        <Icon name="lucide:star" size={16} />
        <Icon name="lucide:star" size={24} />
        <Icon name="lucide:star" size={32} />
        <span className="text-3xl">
          <Icon name="lucide:star" />
        </span>
      </div>
      <div className="flex items-center gap-4">
        <Icon name="lucide:heart" size={24} label="Favourite" className="text-error-600" />
        <span className="inline-flex items-center gap-2 text-sm text-neutral-500" data-testid="icons-missing">
          <Icon name="lucide:no-such-icon" size={24} className="rounded border border-dashed border-neutral-300 dark:border-neutral-600" />
          an icon that does not exist keeps its box
        </span>
      </div>
      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={() => setMore(true)}
          disabled={more}
          className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm hover:bg-neutral-100 disabled:opacity-50 dark:border-neutral-700 dark:hover:bg-neutral-800"
        >
          Load more icons
        </button>
        {more && (
          <div data-testid="icons-on-demand" className="flex items-center gap-4">
            <Icon name="lucide:rocket" size={24} />
            <Icon name="lucide:bell" size={24} />
            <Icon name="lucide:camera" size={24} />
            <Icon name="lucide:anchor" size={24} />
          </div>
        )}
      </div>
    </section>
  )
}
