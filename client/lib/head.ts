// After a client-side navigation, the document title and description follow the page (the server
// already wrote them for the first page).
import type { PageHead } from '../../shared/page-state.ts'

export function applyHead(head: PageHead) {
  if (document.title !== head.title) document.title = head.title
  const description = document.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (description && description.content !== head.description) description.content = head.description
}
