import { nextColorMode, setColorMode, useColorMode } from '../../lib/color-mode.ts'
import { Icon } from '../ui/icon.tsx'

const LABELS = { system: 'System', light: 'Light', dark: 'Dark' } as const

/**
 * Cycles system → light → dark. Its icon is chosen by CSS from the data-color-mode attribute the
 * head script sets, so the server-rendered button already shows the stored preference.
 */
export function ColorModeButton({ className = '' }: { className?: string }) {
  const preference = useColorMode()
  const next = nextColorMode(preference)
  return (
    <button
      type="button"
      onClick={() => setColorMode(next)}
      aria-label={`Colour mode: ${LABELS[preference]}. Switch to ${LABELS[next]}`}
      title={`Colour mode: ${LABELS[preference]}`}
      data-testid="color-mode-button"
      className={`inline-flex size-9 pointer-coarse:size-11 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white ${className}`}
    >
      <Icon name="lucide:monitor" size={20} data-color-mode-icon="system" />
      <Icon name="lucide:sun" size={20} data-color-mode-icon="light" />
      <Icon name="lucide:moon" size={20} data-color-mode-icon="dark" />
    </button>
  )
}
