import { useContext } from 'react'
import { InitialStateContext } from '../../lib/page-context.ts'
import { useSession } from '../../lib/session.ts'
import { openSignIn } from '../../lib/auth-popup.ts'
import { Menu } from '../ui/menu.tsx'
import type { SessionUser } from '../../../shared/session.ts'

const BUTTON =
  'inline-flex h-9 items-center gap-2 rounded-md px-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-200 dark:hover:bg-neutral-800'

/** Sign in (menu of configured providers) when anonymous; avatar, name and a menu when signed in. */
export function AccountMenu() {
  const { session, loggedIn } = useSession()
  const providers = useContext(InitialStateContext)?.providers ?? []

  if (!loggedIn || !session.user) {
    if (providers.length === 0) return null
    if (providers.length === 1) {
      return (
        <button type="button" className={BUTTON} onClick={() => openSignIn(providers[0]!.url)}>
          Sign in
        </button>
      )
    }
    return (
      <Menu
        label="Sign in"
        trigger="Sign in"
        triggerClassName={BUTTON}
        sections={[{ label: 'Sign in with', items: providers.map((provider) => ({ label: provider.name, onSelect: () => openSignIn(provider.url) })) }]}
      />
    )
  }

  const user = session.user
  // What the button shows is part of its name, in the order shown (voice control users say what they
  // see: "click AL" on a phone, where only the initials show): the name, then the initials.
  const shownInitials = user.avatar ? null : initials(user.name)
  return (
    <Menu
      label={shownInitials ? `Account: ${user.name} (${shownInitials})` : `Account: ${user.name}`}
      trigger={
        <>
          <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
          {/* Not drawn (the flex gap spaces them), but it keeps the text read as "name initials". */}{' '}
          <Avatar user={user} />
        </>
      }
      triggerClassName={BUTTON}
      // Made when the menu opens (account-menu-items.tsx): their code is not part of the first load.
      sections={() => import('./account-menu-items.tsx').then((items) => items.accountMenuSections(user))}
    />
  )
}

function Avatar({ user }: { user: SessionUser }) {
  if (user.avatar) {
    return <img src={user.avatar} alt="" width={24} height={24} className="size-6 rounded-full object-cover" referrerPolicy="no-referrer" />
  }
  return (
    <span aria-hidden="true" className="inline-flex size-6 items-center justify-center rounded-full bg-primary-800 text-[10px] font-semibold text-white">
      {initials(user.name)}
    </span>
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase()
}
