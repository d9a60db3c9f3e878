// Settings → Export all chats: one JSON file of every chat (GET /api/export, streamed), which
// Import takes back here or on another server running this app.
import { Section } from './settings-dialog.tsx'

// The outline button's look (ui/button.tsx), on a download link: only classes the app already uses.
const LINK_BUTTON =
  'mt-2 inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800'

export function ExportHistory() {
  return (
    <Section title="Export all chats">
      <p id="export-history-hint" className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">
        Every chat, archived ones too, with every version of every message, as one JSON file. Import it here, or on another server running this app, to get them back.
      </p>
      <a href="/api/export" download aria-describedby="export-history-hint" className={LINK_BUTTON}>
        Download all chats
      </a>
    </Section>
  )
}
