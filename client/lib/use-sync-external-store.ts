// Stands in for the `use-sync-external-store/shim` package (vite.config.ts aliases it here): in
// React 18+ that shim only hands back React's own hook.
export { useSyncExternalStore } from 'react'
