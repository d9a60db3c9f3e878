// A module-level value that components read through useSyncExternalStore: set() re-renders them.
import { useSyncExternalStore } from 'react'

export interface ExternalValue<T> {
  get(): T
  set(next: T): void
  /** The value in a component (the server render sees `serverValue`). */
  useValue(): T
}

export function externalValue<T>(initial: T, serverValue: T = initial): ExternalValue<T> {
  let value = initial
  const listeners = new Set<() => void>()
  function subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  return {
    get: () => value,
    set(next) {
      value = next
      for (const listener of listeners) listener()
    },
    useValue: () => useSyncExternalStore(subscribe, () => value, () => serverValue),
  }
}
