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
  sections: MenuSection[]
  align?: 'start' | 'end'
  triggerClassName?: string
}) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const id = useId()

  function close(returnFocus = true) {
    setOpen(false)
    if (returnFocus) button.current?.focus()
  }

  const Popup = MenuPopup.useComponent(open)
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
      onClick={() => setOpen((value) => !value)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault()
          setOpen(true)
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
      {open && Popup && <Popup id={id} label={label} sections={sections} align={align} button={button} close={close} />}
    </div>
  )
}
