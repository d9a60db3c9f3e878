// The UI kit playground (/_playground, only when UI_PLAYGROUND is on): every kit component in one
// place, to look at in both colour modes and to drive from the Playwright tests.
import { IconSection } from '../components/playground/icon-section.tsx'

export default function PlaygroundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold">UI playground</h1>
      <IconSection />
    </div>
  )
}
