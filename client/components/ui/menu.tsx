// A small accessible dropdown menu (WAI-ARIA menu button): opens on click, Enter/Space or
// ArrowDown; arrow keys move between items; Escape or a click outside closes and returns focus.
// The button is all a first paint shows; the open menu (menu-popup.tsx) loads when it is first
// wanted: on hover or focus of the button, at the latest on open.
import { useId, useRef, useState, type ReactNode } from 'react'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { Tooltip } from './tooltip.tsx'

export interface MenuItem {
  label: string
  onSelect: () => void
  icon?: ReactNode
  /** For choices such as the colour mode. */
  checked?: boolean
  /** An on/off switch (menuitemcheckbox): choosing it keeps the menu open. */
  toggle?: boolean
  /** A line under the label (what the item does). */
  hint?: string
  danger?: boolean
}

export interface MenuSection {
  label?: string
  items: MenuItem[]
}

const MenuPopup = lazyComponent('the menu', () => import('./menu-popup.tsx').then((module) => module.MenuPopup))

export function Menu({
  trigger,
  label,
  sections,
  align = 'end',
  triggerClassName,
  tooltip,
}: {
  trigger: ReactNode
  /** A tooltip on the button (for icon-only buttons). */
  tooltip?: ReactNode
  label: string
  /** The items, or where to get them when the menu opens (their code then stays out of the first load). */
  sections: MenuSection[] | (() => Promise<MenuSection[]>)
  align?: 'start' | 'end'
  triggerClassName?: string
}) {
  const [open, setOpen] = useState(false)
  // Items asked for at each opening (they may depend on the moment: Pin or Unpin).
  const [asked, setAsked] = useState<MenuSection[] | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const id = useId()

  function close(returnFocus = true) {
    setOpen(false)
    if (returnFocus) button.current?.focus()
  }

  function toggle(next: boolean) {
    setOpen(next)
    if (!next || typeof sections !== 'function') return
    setAsked(null)
    void sections().then(setAsked)
  }

  const Popup = MenuPopup.useComponent(open)
  const shown = typeof sections === 'function' ? asked : sections
  const preload = () => void MenuPopup.load()

  const menuButton = (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? id : undefined}
      aria-label={label}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => toggle(!open)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault()
          toggle(true)
        }
      }}
      className={triggerClassName}
    >
      {trigger}
    </button>
  )

  return (
    <div className="relative">
      {tooltip ? <Tooltip content={tooltip}>{menuButton}</Tooltip> : menuButton}
      {open && Popup && shown && <Popup id={id} label={label} sections={shown} align={align} button={button} close={close} />}
    </div>
  )
}
