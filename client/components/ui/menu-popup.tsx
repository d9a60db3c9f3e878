// The open menu of <Menu> (menu.tsx), loaded the first time a menu is wanted.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { MenuSection } from './menu.tsx'
import './menu-popup.css'

export function MenuPopup({
  id,
  label,
  sections,
  align,
  button,
  close,
}: {
  id: string
  label: string
  sections: MenuSection[]
  align: 'start' | 'end'
  /** The menu button: a press on it is not a click outside. */
  button: RefObject<HTMLButtonElement | null>
  close: (returnFocus?: boolean) => void
}) {
  const menu = useRef<HTMLDivElement>(null)
  // Opens upward when there is no room below (a chat near the bottom of the sidebar), before paint.
  const [above, setAbove] = useState(false)
  // And moves sideways as far as it must to stay on a narrow screen (a phone's composer controls).
  const [shift, setShift] = useState(0)
  useLayoutEffect(() => {
    const box = menu.current?.getBoundingClientRect()
    const anchor = button.current?.getBoundingClientRect()
    if (box && anchor && box.bottom > window.innerHeight - 8 && anchor.top - box.height - 8 > 0) setAbove(true)
    if (box) setShift(box.right > window.innerWidth - 8 ? Math.max(8 - box.left, window.innerWidth - 8 - box.right) : box.left < 8 ? 8 - box.left : 0)
  }, [])

  function items(): HTMLElement[] {
    return [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])]
  }

  // Focus goes in before paint: once the items can be seen, keys go to them (Escape, arrows).
  useLayoutEffect(() => {
    items()[0]?.focus()
  }, [])

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [])

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      list[(index + step + list.length) % list.length]?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      ;(event.key === 'Home' ? list[0] : list[list.length - 1])?.focus()
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onMenuKeyDown}
      className="menu-popup"
      data-align={align === 'end' ? 'end' : 'start'}
      data-side={above ? 'above' : 'below'}
      style={shift ? { translate: `${shift}px 0` } : undefined}
    >
      {sections.map((section, sectionIndex) => (
        <div key={sectionIndex} role="group" aria-label={section.label} className="menu-popup__group">
          {section.label && <div className="menu-popup__label">{section.label}</div>}
          {section.items.map((item) => (
            <button
              key={item.label}
              type="button"
              role={item.toggle ? 'menuitemcheckbox' : item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={-1}
              onClick={() => {
                if (!item.toggle) close()
                item.onSelect()
              }}
              className="menu-popup__item"
              data-danger={item.danger ? '' : undefined}
            >
              {item.icon}
              <span className="menu-popup__text">
                {item.label}
                {item.hint && <span className="menu-popup__hint">{item.hint}</span>}
              </span>
              {item.toggle ? <Switch on={Boolean(item.checked)} /> : item.checked && <span aria-hidden="true">✓</span>}
            </button>
          ))}
        </div>
      ))}
    </div>
  )
}

/** The look of an on/off item (its state is the item's aria-checked). Inline styles: no stylesheet for one control. */
function Switch({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      style={{ position: 'relative', flexShrink: 0, width: 28, height: 16, borderRadius: 8, background: on ? 'light-dark(#16a34a, #22c55e)' : 'light-dark(#94a3b8, #64748b)', transition: 'background 150ms' }}
    >
      <span style={{ position: 'absolute', top: 2, left: on ? 14 : 2, width: 12, height: 12, borderRadius: 6, background: '#fff', transition: 'left 150ms' }} />
    </span>
  )
}
