import { useEffect, useRef, useState } from 'react'

/** `value`, changed at most every `ms` while `active` (a preview redrawn a few times a second as the model writes); at once otherwise. */
export function useThrottled<T>(value: T, ms: number, active: boolean): T {
  const [shown, setShown] = useState(value)
  const last = useRef(0)
  useEffect(() => {
    if (!active) {
      setShown(value)
      return
    }
    const wait = Math.max(0, last.current + ms - Date.now())
    const timer = setTimeout(() => {
      last.current = Date.now()
      setShown(value)
    }, wait)
    return () => clearTimeout(timer)
  }, [value, ms, active])
  return active ? shown : value
}
