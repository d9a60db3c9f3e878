import { useEffect, useRef, useState } from 'react'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { notify } from '../../lib/toast.ts'
import { IconButton } from './icon-button.tsx'

/**
 * Copies `text` (or what it resolves to: the whole of a message the page carried only the start of);
 * the icon turns into a check for a moment so the user sees it worked.
 */
export function CopyButton({ text, label }: { text: string | (() => Promise<string>); label: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === 'string' ? text : await text())
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), 2000)
    } catch {
      notify({ title: 'Could not copy', description: 'The browser did not allow access to the clipboard.', variant: 'error' })
    }
  }

  return (
    <Tooltip content={copied ? 'Copied' : label}>
      <IconButton label={copied ? 'Copied' : label} onClick={copy}>
        <Icon name={copied ? 'lucide:check' : 'lucide:copy'} size={16} />
      </IconButton>
    </Tooltip>
  )
}
