// One file to POST /api/files, with progress: XMLHttpRequest, because fetch() cannot report how
// much of a request body has been sent.

/** What POST /api/files answers with 201. */
export interface UploadedFile {
  id: string
  url: string
  filename: string
  mediaType: string
  size: number
}

export interface Upload {
  done: Promise<UploadedFile>
  abort(): void
}

/**
 * A visitor's first upload may be what gives them an identity (the anonymous owner's cookie): two
 * uploads started together would each get a different one, and the message could then carry only
 * one of them. So the first upload of the page goes alone, and the others start once it has ended.
 */
let first: Promise<void> | null = null

/** Rejects with an Error whose message is the server's (it names the problem), or says what failed. */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Upload {
  const request = new XMLHttpRequest()
  const wait = first
  let aborted = false
  const done = new Promise<UploadedFile>((resolve, reject) => {
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status === 201) return resolve(JSON.parse(request.responseText) as UploadedFile)
      reject(new Error(serverMessage(request.responseText) ?? `The upload failed (HTTP ${request.status}).`))
    }
    request.onerror = () => reject(new Error('The upload failed: the connection to the server was lost.'))
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    void (wait ?? Promise.resolve()).then(() => {
      if (aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'))
      request.open('POST', '/api/files')
      request.setRequestHeader('accept', 'application/json')
      const form = new FormData()
      form.append('file', file, file.name)
      request.send(form)
    })
  })
  first ??= done.then(
    () => undefined,
    () => undefined,
  )
  return {
    done,
    abort: () => {
      aborted = true
      request.abort()
    },
  }
}

function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    return typeof parsed.message === 'string' ? parsed.message : null
  } catch {
    return null
  }
}

/** Takes back an upload that was not sent (best effort: the server sweeps unsent uploads after a day). */
export function discardUpload(url: string): void {
  void fetch(url, { method: 'DELETE' }).catch(() => undefined)
}
