// Tooltip timing shared by every tooltip on the page (docs/product-contract.md): the first one opens after the open
// delay; while one is open, or within the skip delay after one closed, the next opens at once, so
// moving along a toolbar does not wait 700 ms on every button.
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../shared/constants.ts'

export interface TooltipDelayGroup {
  /** How long a tooltip whose trigger is hovered now waits before opening. */
  openDelay(): number
  opened(): void
  closed(): void
}

export function createTooltipDelayGroup({
  openDelay = TOOLTIP_OPEN_DELAY_MS,
  skipDelay = TOOLTIP_SKIP_DELAY_MS,
  now = () => Date.now(),
}: { openDelay?: number; skipDelay?: number; now?: () => number } = {}): TooltipDelayGroup {
  let open = 0
  let lastClosedAt = -Infinity
  return {
    openDelay() {
      return open > 0 || now() - lastClosedAt < skipDelay ? 0 : openDelay
    },
    opened() {
      open++
    },
    closed() {
      open = Math.max(0, open - 1)
      if (open === 0) lastClosedAt = now()
    },
  }
}

export const tooltipDelayGroup = createTooltipDelayGroup()
