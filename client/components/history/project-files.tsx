// A project's files on its page: their text reaches the model in every chat of the project. Add
// (an upload, then added to the project) or remove them.
import { useEffect, useId, useRef, useState } from 'react'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { uploadFile } from '../chat/attachments/upload.ts'
import { Icon } from '../ui/icon.tsx'
import { Button } from '../ui/button.tsx'
import { formatBytes } from '../../../shared/format-bytes.ts'
import type { ProjectFile } from '../../../shared/personal.ts'

export function ProjectFiles({ projectId }: { projectId: string }) {
  const headingId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [files, setFiles] = useState<ProjectFile[] | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const path = `/api/projects/${encodeURIComponent(projectId)}/files`

  useEffect(() => {
    let active = true
    http.get<{ files: ProjectFile[] }>(path).then(({ files: loaded }) => active && setFiles(loaded), () => active && setFiles([]))
    return () => {
      active = false
    }
  }, [path])

  async function add(chosen: File[]) {
    for (const file of chosen) {
      setAdding(file.name)
      try {
        const uploaded = await uploadFile(file, () => undefined).done
        setFiles((await http.post<{ files: ProjectFile[] }>(path, { fileId: uploaded.id })).files)
      } catch (error) {
        notify({ title: `“${file.name}” was not added`, description: error instanceof Error ? error.message : String(error), variant: 'error' })
      }
    }
    setAdding(null)
  }

  async function remove(file: ProjectFile) {
    try {
      setFiles((await http.delete<{ files: ProjectFile[] }>(`${path}/${encodeURIComponent(file.id)}`)).files)
    } catch (error) {
      notify({ title: `“${file.filename}” was not removed`, description: error instanceof Error ? error.message : String(error), variant: 'error' })
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-neutral-700 dark:text-neutral-200">
          Files
        </h2>
        <Button variant="ghost" className="h-8" disabled={adding !== null} onClick={() => input.current?.click()}>
          <Icon name="lucide:paperclip" size={16} />
          {adding ? `Adding “${adding}”…` : 'Add files'}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Add files to the project"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])]
            event.target.value = ''
            void add(chosen)
          }}
        />
      </div>
      {files && files.length === 0 && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">No files. Their text reaches the model in every chat of this project.</p>}
      {files && files.length > 0 && (
        <ul aria-label="Project files" className="mt-1 flex flex-wrap gap-2">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-2 rounded-md border border-neutral-200 py-0.5 pr-1 pl-2 text-sm dark:border-neutral-700">
              <Icon name="lucide:file-text" size={16} className="shrink-0 text-neutral-600 dark:text-neutral-400" />
              <a href={file.url} className="max-w-40 truncate underline-offset-2 hover:underline" title={file.filename}>
                {file.filename}
              </a>
              <span className="text-xs text-neutral-600 dark:text-neutral-400">{formatBytes(file.size)}</span>
              <button type="button" aria-label={`Remove “${file.filename}”`} onClick={() => void remove(file)} className="inline-flex size-7 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800">
                <Icon name="lucide:x" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
