// The composer's Tools control: the tools models may call, grouped by where they come from, each
// with an on/off switch. In a chat the choice is kept with the chat (PATCH /api/chats/:id); on the
// home screen it goes with the new chat.
import { useState } from 'react'
import type { ToolInfo } from '../../../shared/page-data.ts'
import { Menu, type MenuSection } from '../ui/menu.tsx'
import { Icon } from '../ui/icon.tsx'
import { notify } from '../../lib/toast.ts'

export interface ToolsControlProps {
  tools: ToolInfo[]
  /** Names turned off when the control appears. */
  initialOff: string[]
  /** A chat's control saves each change with the chat. */
  chatId?: string
  onChange?: (off: string[]) => void
}

export function ToolsControl({ tools, initialOff, chatId, onChange }: ToolsControlProps) {
  const [off, setOff] = useState(initialOff)
  const on = tools.filter((tool) => !off.includes(tool.name)).length

  async function toggle(name: string) {
    const before = off
    const next = off.includes(name) ? off.filter((other) => other !== name) : [...off, name]
    setOff(next)
    onChange?.(next)
    if (!chatId) return
    try {
      const { http } = await import('../../lib/http.ts')
      await http.request(`/api/chats/${encodeURIComponent(chatId)}`, { method: 'PATCH', body: { toolsOff: next } })
    } catch (error) {
      setOff(before)
      onChange?.(before)
      notify({ title: 'The tools were not changed', description: (error as Error).message, variant: 'error' })
    }
  }

  const groups = new Map<string, ToolInfo[]>()
  for (const tool of tools) groups.set(tool.group, [...(groups.get(tool.group) ?? []), tool])
  const sections: MenuSection[] = [...groups].map(([group, members]) => ({
    label: group,
    items: members.map((tool) => ({ label: tool.label, checked: !off.includes(tool.name), toggle: true, hint: tool.description, onSelect: () => void toggle(tool.name) })),
  }))

  return (
    <Menu
      label={`Tools: ${on} of ${tools.length} on`}
      tooltip="Tools the model may use"
      align="start"
      sections={sections}
      triggerClassName="inline-flex h-8 pointer-coarse:h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-200 dark:hover:bg-neutral-700"
      trigger={
        <>
          <Icon name="lucide:wrench" size={14} className="text-neutral-600 dark:text-neutral-300" />
          <span className="max-sm:hidden">Tools</span>
          {on < tools.length && <span className="text-xs text-neutral-600 dark:text-neutral-300">{`${on}/${tools.length}`}</span>}
        </>
      }
    />
  )
}
