// Opens the settings dialog (account menu, sidebar, search palette). Its code loads on first use.
import { overlay } from './overlay.ts'

export async function openSettings(): Promise<void> {
  const { SettingsDialog } = await import('../components/settings/settings-dialog.tsx')
  await overlay.open(SettingsDialog, {}).result
}
