// The signed-in account menu's items, made when it opens (account-menu.tsx).
import { notify } from '../../lib/toast.ts'
import { signOut } from '../../lib/sign-out.ts'
import { readPreference, setColorMode } from '../../lib/color-mode.ts'
import { overlay } from '../../lib/overlay.ts'
import { openSettings } from '../../lib/settings.ts'
import type { MenuSection } from '../ui/menu.tsx'
import type { SessionUser } from '../../../shared/session.ts'
// The menu's own chunk navigates through the browser location wouter's router follows.
import { navigate } from 'wouter/use-browser-location'

export function accountMenuSections(user: SessionUser): MenuSection[] {
  const mode = readPreference()
  return [
    {
      // Who is signed in, at the top of the menu.
      label: `Signed in as ${user.email ?? user.name}`,
      items: [
        { label: 'Settings', onSelect: () => void openSettings() },
        // Only administrators see it (the page is a 404 to everyone else).
        ...(user.admin ? [{ label: 'Admin', hint: 'Users, usage, audit log', onSelect: () => navigate('/admin') }] : []),
        {
          label: 'Account settings',
          onSelect: () => void import('../account/account-dialog.tsx').then(({ AccountDialog }) => overlay.open(AccountDialog, { user })),
        },
      ],
    },
    {
      label: 'Colour mode',
      items: (['system', 'light', 'dark'] as const).map((option) => ({
        label: option[0]!.toUpperCase() + option.slice(1),
        checked: mode === option,
        onSelect: () => setColorMode(option),
      })),
    },
    {
      items: [
        {
          label: 'Sign out',
          danger: true,
          onSelect: async () => {
            if (await signOut()) notify({ title: 'You are signed out.', variant: 'success', type: 'background' })
            else notify({ title: 'Could not sign out', description: 'Check your connection and try again.', variant: 'error' })
          },
        },
      ],
    },
  ]
}
