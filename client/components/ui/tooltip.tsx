import {
  cloneElement,
  useEffect,
  useId,
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
import { tooltipDelayGroup } from '../../lib/tooltip-delay.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import type { TooltipBubbleProps } from './tooltip-bubble.tsx'

const TooltipBubble = lazyComponent<TooltipBubbleProps>('the tooltips', () => import('./tooltip-bubble.tsx').then((module) => module.TooltipBubble))

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


/**
 * A tooltip on its one child element (docs/product-contract.md). Hover opens it after 700 ms (at once within the
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
  // The bubble's code (placing, portal) loads the first time any tooltip is about to show.
  const Bubble = TooltipBubble.useComponent(open)

  function show() {
    void TooltipBubble.load()
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

  const own = children.props
  const ref = useMemo(() => mergeRefs(trigger, own.ref), [own.ref])
  const triggerElement = cloneElement(children, {
    ref,
    'aria-describedby': [own['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') || undefined,
    onPointerEnter(event: PointerEvent<HTMLElement>) {
      own.onPointerEnter?.(event)
      if (event.pointerType === 'touch') return
      void TooltipBubble.load()
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
      {open && Bubble && <Bubble id={id} anchor={trigger} side={side} onDismiss={hide}>{content}</Bubble>}
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
