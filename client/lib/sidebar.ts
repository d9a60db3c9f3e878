// The sidebar's open/collapsed state on wide screens lives as a class on <html> (set before paint
// by the inline head script, so a collapsed sidebar never flashes open) and in localStorage.
import { useSyncExternalStore } from 'react'
import { SIDEBAR_STORAGE_KEY } from '../../shared/constants.ts'

const CLASS = 'sidebar-collapsed'
const listeners = new Set<() => void>()

export function toggleSidebarCollapsed() {
  const collapsed = document.documentElement.classList.toggle(CLASS)
  try {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, collapsed ? 'collapsed' : 'open')
  } catch {
    // Not remembered when storage is blocked.
  }
  for (const listener of listeners) listener()
}

export function useSidebarCollapsed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => document.documentElement.classList.contains(CLASS),
    () => false,
  )
}
