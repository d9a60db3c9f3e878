// Whether this render happens after hydration. While the server renders and the browser hydrates
// it is false, so both draw the same; right after, React renders again with true.
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
