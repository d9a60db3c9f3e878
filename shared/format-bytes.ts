/** "10 MB", "1.5 KB", "26 bytes": file sizes and limits in the words a user reads. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
}
