// ⌘F / Ctrl+F on a chat screen asks for its find bar (a long chat shows its latest messages only,
// so the browser's own find cannot see the rest). Pressed again inside the bar, the browser's own
// find opens. The count grows with each press: the bar takes the focus again; 0 is closed.
import { useEffect, useState } from 'react'

export function useFindShortcut(): [request: number, close: () => void] {
  const [request, setRequest] = useState(0)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'f') return
      if ((event.target as Element).closest?.('[data-find-bar]')) return
      event.preventDefault()
      setRequest((count) => count + 1)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return [request, () => setRequest(0)]
}
