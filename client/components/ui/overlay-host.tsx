// Renders the open overlays (client/lib/overlay.ts) as modal layers.
//
// A div, not the native <dialog>: showModal() puts the dialog in the top layer and makes the whole
// rest of the document inert, including the toast region, so a toast raised while a dialog is open
// could neither be seen above the backdrop, nor be announced, nor be closed. Here the page is made
// inert by this host, the toast region (data-overlay-exempt) is left alone and stacks above, and
// focus trap, Escape, backdrop and focus return are ours (a removed <dialog> restores nothing anyway).
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { useOverlays, type OverlayEntry } from '../../lib/overlay.ts'
import { keepTabInside, tabbables } from '../../lib/focus-trap.ts'

function focusable(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.closest('[inert]')
}

export function OverlayHost() {
  const entries = useOverlays()
  const host = useRef<HTMLDivElement>(null)
  const anyOpen = entries.some((entry) => entry.open)
  const topOpen = entries.findLast((entry) => entry.open)?.id
  // Overlays seen and not yet given focus back, with where it goes.
  const pendingReturn = useRef(new Map<string, Element | null>())
  const madeInert = useRef<HTMLElement[]>([])

  // Layout effect: the page must be inert (or not) in the same commit as the overlay appears, and
  // focus can only return to an element once it is no longer inert.
  useLayoutEffect(() => {
    const container = host.current?.parentElement
    if (anyOpen && container && madeInert.current.length === 0) {
      for (const sibling of container.children) {
        if (sibling === host.current || !(sibling instanceof HTMLElement)) continue
        if (sibling.inert || sibling.hasAttribute('data-overlay-exempt')) continue
        sibling.inert = true
        madeInert.current.push(sibling)
      }
    } else if (!anyOpen) {
      for (const sibling of madeInert.current) sibling.inert = false
      madeInert.current = []
    }

    const returning = pendingReturn.current
    for (const entry of entries) if (entry.open && !returning.has(entry.id)) returning.set(entry.id, entry.returnFocus)
    // Closed or unmounted overlays, newest last: the last focus() wins, as stacking requires.
    for (const [id, target] of [...returning]) {
      const entry = entries.find((item) => item.id === id)
      if (entry?.open) continue
      returning.delete(id)
      if (focusable(target)) target.focus()
    }
  }, [entries, anyOpen])

  return (
    <div ref={host} data-overlay-host="">
      {entries.map((entry) => (
        <OverlayLayer key={entry.id} entry={entry} active={entry.id === topOpen} />
      ))}
    </div>
  )
}

function OverlayLayer({ entry, active }: { entry: OverlayEntry; active: boolean }) {
  const layer = useRef<HTMLDivElement>(null)
  const pressedBackdrop = useRef(false)
  const Component = entry.component

  // On opening, and when it comes forward again (opened while already open): focus goes in, unless
  // it is there already. A layer uncovered by the one above closing gets its focus back from the host.
  useLayoutEffect(() => {
    const root = layer.current
    if (!root || !active || root.contains(document.activeElement)) return
    const target =
      root.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(root)[0] ?? root.querySelector<HTMLElement>('[role="dialog"]')
    ;(target ?? root).focus()
  }, [active])

  // Focus that falls out of the overlay to <body> (its element was disabled or removed) comes back to
  // the panel: keyboard users keep Tab and Escape.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!active || event.relatedTarget) return
    const root = event.currentTarget
    requestAnimationFrame(() => {
      if (document.activeElement === document.body && root.isConnected) root.querySelector<HTMLElement>('[role="dialog"]')?.focus()
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!active) return
    // A nested control (an open tooltip, a menu) that handled Escape itself prevents the default.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault()
      entry.close(undefined)
      return
    }
    keepTabInside(event, event.currentTarget)
  }

  // Only a press that starts and ends on the backdrop closes: a text selection dragged out of the
  // panel must not. Nor does the second press of a double click (detail 2): it was aimed at the
  // button that opened this overlay, under where the backdrop now is.
  function onMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressedBackdrop.current = event.target === event.currentTarget && event.detail < 2
  }
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (active && pressedBackdrop.current && event.target === event.currentTarget) entry.close(undefined)
    pressedBackdrop.current = false
  }

  return (
    <div
      ref={layer}
      data-overlay=""
      data-state={entry.open ? 'open' : 'closed'}
      inert={!active}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onMouseDown={onMouseDown}
      onClick={onClick}
      className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-neutral-950/50 p-4 transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none data-[state=closed]:opacity-0 sm:items-center dark:bg-neutral-950/70"
    >
      <Component {...entry.props} close={entry.close} />
    </div>
  )
}
