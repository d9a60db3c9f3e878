// The divider between the chat and the panel: dragged with a pointer, or focused and moved with the
// arrow keys (Home/End for the narrowest and widest). The width is kept for the next time.
import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react'

const KEY = 'artifact-panel-width'
export const MIN_PANEL = 320
/** The chat keeps at least this much beside the panel. */
const MIN_CHAT = 360

const maxWidth = () => Math.max(MIN_PANEL, window.innerWidth - MIN_CHAT)
const clamp = (width: number) => Math.round(Math.min(maxWidth(), Math.max(MIN_PANEL, width)))

export function usePanelWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(() => {
    let stored = NaN
    try {
      stored = Number(localStorage.getItem(KEY))
    } catch {
      // Storage refused (private mode): the default width.
    }
    return clamp(Number.isFinite(stored) && stored > 0 ? stored : window.innerWidth * 0.45)
  })
  // A narrower window keeps the chat usable.
  useEffect(() => {
    const onResize = () => setWidth((current) => clamp(current))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  function set(next: number) {
    const value = clamp(next)
    setWidth(value)
    try {
      localStorage.setItem(KEY, String(value))
    } catch {
      // Not kept: the width still applies now.
    }
  }
  return [width, set]
}

export function PanelResizer({ width, onWidth, onEscape }: { width: number; onWidth(width: number): void; onEscape(): void }) {
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return
    event.preventDefault()
    const target = event.currentTarget
    target.setPointerCapture(event.pointerId)
    const startX = event.clientX
    const startWidth = width
    const move = (moved: globalThis.PointerEvent) => onWidth(startWidth + (startX - moved.clientX))
    const up = () => {
      target.removeEventListener('pointermove', move)
      target.removeEventListener('pointerup', up)
      target.removeEventListener('pointercancel', up)
    }
    target.addEventListener('pointermove', move)
    target.addEventListener('pointerup', up)
    target.addEventListener('pointercancel', up)
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') return onEscape()
    const step = event.shiftKey ? 80 : 24
    // The panel is on the right: the divider moving left makes it wider.
    const next = { ArrowLeft: width + step, ArrowRight: width - step, Home: MIN_PANEL, End: maxWidth() }[event.key]
    if (next === undefined) return
    event.preventDefault()
    onWidth(next)
  }
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the artifact panel"
      aria-valuenow={width}
      aria-valuemin={MIN_PANEL}
      aria-valuemax={typeof window === 'undefined' ? width : maxWidth()}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className="group relative z-10 w-2 shrink-0 cursor-col-resize touch-none select-none focus-visible:outline-2 focus-visible:outline-primary-600">
      <span className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-neutral-200 group-hover:w-1 group-hover:bg-primary-500 dark:bg-neutral-700" />
    </div>
  )
}
