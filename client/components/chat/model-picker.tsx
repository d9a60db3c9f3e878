import { useId } from 'react'
import type { ModelInfo } from '../../../shared/models.ts'
import { Icon } from '../ui/icon.tsx'

/** The model a chat uses: a native select (keyboard, screen readers and phones get it for free). */
export function ModelPicker({ models, value, onChange }: { models: ModelInfo[]; value: string; onChange: (id: string) => void }) {
  const id = useId()
  return (
    <div className="relative inline-flex max-w-full items-center">
      <label htmlFor={id} className="sr-only">
        Model
      </label>
      <Icon name="lucide:cpu" size={14} className="pointer-events-none absolute left-2.5 text-neutral-600 dark:text-neutral-300" />
      <select
        id={id}
        value={value}
        title={models.find((model) => model.id === value)?.label}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 max-w-64 pointer-coarse:h-11 appearance-none truncate rounded-lg border border-transparent bg-transparent pr-7 pl-7 text-sm font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-200 dark:hover:bg-neutral-700"
      >
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.label}
          </option>
        ))}
      </select>
      <Icon name="lucide:chevron-down" size={14} className="pointer-events-none absolute right-2 text-neutral-600 dark:text-neutral-300" />
    </div>
  )
}
