// The app shell's own class lists (drawn on every first paint) are joined with cx(), not merged
// with tailwind-merge, which keeps tailwind-merge out of the first load. That is only right while
// none of their classes conflict: in every state, cn() (tailwind-merge) must leave them unchanged.
import t, { type Test } from 'tap'
import { cn } from '../../client/lib/cn.ts'
import { sidebarClasses } from '../../client/components/layout/app-sidebar.tsx'
import { chatLinkClasses } from '../../client/components/history/chat-history-list.tsx'
import { rowMenuButtonClasses } from '../../client/components/history/row-menu-button.ts'
import { loadingBarClasses } from '../../client/components/ui/loading-indicator.tsx'
import type { LoadingPhase } from '../../client/lib/loading-indicator.ts'

function unchangedByMerge(t: Test, label: string, classes: string) {
  t.equal(cn(classes), classes, `${label}: no conflicting classes`)
}

t.test('sidebar, open and closed', async (t) => {
  for (const open of [true, false]) unchangedByMerge(t, `drawer ${open ? 'open' : 'closed'}`, sidebarClasses(open))
})

t.test('sidebar chat rows, current or not', async (t) => {
  for (const current of [true, false]) {
    unchangedByMerge(t, `chat link ${current}`, chatLinkClasses(current))
    unchangedByMerge(t, `row menu button ${current}`, rowMenuButtonClasses(current))
  }
})

t.test('loading bar, every phase', async (t) => {
  const phases: LoadingPhase[] = ['idle', 'pending', 'loading', 'complete', 'hiding']
  for (const phase of phases) unchangedByMerge(t, phase, loadingBarClasses(phase))
  t.match(loadingBarClasses('idle'), /\binvisible\b/, 'hidden when idle')
  t.notMatch(loadingBarClasses('loading'), /\binvisible\b/, 'drawn while loading')
})

t.test('chat screen buttons, every variant and state', async (t) => {
  const { iconButtonClasses } = await import('../../client/components/chat/icon-button.tsx')
  const { textButtonClasses } = await import('../../client/components/chat/text-button.tsx')
  const tones = await import('../../client/components/chat/text-button-tones.ts')
  for (const pressed of [undefined, false, true]) unchangedByMerge(t, `icon button pressed=${pressed}`, iconButtonClasses(pressed))
  for (const [name, tone] of [['outline', undefined], ['primary', tones.PRIMARY_TONE], ['ghost', tones.GHOST_TONE]] as const) unchangedByMerge(t, `text button ${name}`, textButtonClasses(tone))
  t.match(iconButtonClasses(true), /\btext-primary-700\b/, 'a pressed vote shows in the primary colour')
  t.notMatch(iconButtonClasses(true), /\btext-neutral-600\b/)
})
