// "Jump to latest": offered once the reader scrolled up from the end of the chat. Its own chunk,
// fetched the first time that happens, with plain CSS: the first load carries none of it.
import { Icon } from '../ui/icon.tsx'
import './jump-to-latest.css'

export function JumpToLatest({ onJump }: { onJump: () => void }) {
  return (
    <div className="jump-strip" data-jump-strip>
      <button type="button" className="jump-strip__button" onClick={onJump}>
        <Icon name="lucide:arrow-down" size={16} />
        Jump to latest
      </button>
    </div>
  )
}
