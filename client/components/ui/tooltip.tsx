import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import { createPortal } from 'react-dom'
import { tooltipDelayGroup } from '../../lib/tooltip-delay.ts'

interface TriggerProps {
  ref?: Ref<HTMLElement>
  'aria-describedby'?: string
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  onBlur?: (event: FocusEvent<HTMLElement>) => void
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void
}

const GAP_PX = 8
const EDGE_PX = 8

/**
 * SPEC §9: a tooltip on its one child element. Hover opens it after 700 ms (at once within the
 * 300 ms skip delay), keyboard focus at once; leaving, pressing, blur and Escape close it. While
 * open, the trigger is described by it (aria-describedby). Not shown for touch: there is no hover.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode
  children: ReactElement<TriggerProps>
  side?: 'top' | 'bottom'
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const isOpen = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const pressed = useRef(false)
  const trigger = useRef<HTMLElement>(null)
  const tip = useRef<HTMLDivElement>(null)

  function show() {
    clearTimeout(timer.current)
    if (isOpen.current) return
    isOpen.current = true
    tooltipDelayGroup.opened()
    setOpen(true)
  }
  function hide() {
    clearTimeout(timer.current)
    if (!isOpen.current) return
    isOpen.current = false
    tooltipDelayGroup.closed()
    setOpen(false)
  }

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      if (isOpen.current) {
        isOpen.current = false
        tooltipDelayGroup.closed()
      }
    },
    [],
  )

  // Placed before paint, above the trigger (below when there is no room), kept inside the viewport.
  useLayoutEffect(() => {
    const anchor = trigger.current
    const element = tip.current
    if (!open || !anchor || !element) return
    const box = anchor.getBoundingClientRect()
    const size = element.getBoundingClientRect()
    const above = box.top - size.height - GAP_PX
    const below = box.bottom + GAP_PX
    const useBelow = side === 'bottom' ? below + size.height <= window.innerHeight - EDGE_PX || above < EDGE_PX : above < EDGE_PX
    const left = Math.min(
      Math.max(EDGE_PX, box.left + box.width / 2 - size.width / 2),
      window.innerWidth - size.width - EDGE_PX,
    )
    element.style.top = `${useBelow ? below : above}px`
    element.style.left = `${Math.max(EDGE_PX, left)}px`
    element.dataset.side = useBelow ? 'bottom' : 'top'
  }, [open, side])

  useEffect(() => {
    if (!open) return
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape') hide()
    }
    // A scrolled trigger would leave its tooltip behind.
    const onScroll = () => hide()
    document.addEventListener('keydown', onKeyDown)
    window.addEventListener('scroll', onScroll, true)
    window.addEventListener('resize', onScroll)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('scroll', onScroll, true)
      window.removeEventListener('resize', onScroll)
    }
  }, [open])

  const own = children.props
  const ref = useMemo(() => mergeRefs(trigger, own.ref), [own.ref])
  const triggerElement = cloneElement(children, {
    ref,
    'aria-describedby': [own['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') || undefined,
    onPointerEnter(event: PointerEvent<HTMLElement>) {
      own.onPointerEnter?.(event)
      if (event.pointerType === 'touch') return
      const delay = tooltipDelayGroup.openDelay()
      if (delay <= 0) show()
      else {
        clearTimeout(timer.current)
        timer.current = setTimeout(show, delay)
      }
    },
    onPointerLeave(event: PointerEvent<HTMLElement>) {
      own.onPointerLeave?.(event)
      hide()
    },
    onPointerDown(event: PointerEvent<HTMLElement>) {
      own.onPointerDown?.(event)
      // Pressing means using the control, not reading about it; the focus that follows is no cue.
      pressed.current = true
      hide()
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      own.onFocus?.(event)
      if (!pressed.current && event.currentTarget.matches(':focus-visible')) show()
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      own.onBlur?.(event)
      pressed.current = false
      hide()
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      own.onKeyDown?.(event)
      if (event.key === 'Escape' && isOpen.current) {
        // Handled: an enclosing dialog must not close on the same key press.
        event.preventDefault()
        hide()
      }
    },
  })

  return (
    <>
      {triggerElement}
      {open &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            className="pointer-events-none fixed top-0 left-0 z-[70] max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md transition-opacity duration-100 starting:opacity-0 dark:bg-neutral-100 dark:text-neutral-900"
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  )
}

function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): (value: T | null) => () => void {
  return (value) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(value)
      if (ref) (ref as { current: T | null }).current = value
      return undefined
    })
    return () => {
      refs.forEach((ref, index) => {
        const cleanup = cleanups[index]
        if (typeof cleanup === 'function') cleanup()
        else if (typeof ref === 'function') ref(null)
        else if (ref) (ref as { current: T | null }).current = null
      })
    }
  }
}
