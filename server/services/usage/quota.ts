// Daily token quotas: per user (QUOTA_TOKENS_PER_DAY, or what an administrator set for
// them) and per anonymous visitor (QUOTA_TOKENS_PER_DAY_ANONYMOUS). A day is a UTC day: the quota
// resets at 00:00 UTC, and the refusal says when that is.
import { nextUtcMidnight } from './usage-store.ts'

/** An administrator's per-user setting that means "no limit" (null means the server's default). */
export const UNLIMITED_QUOTA = -1

/** The limit that applies: a user's own setting wins over the server's; null is no limit. */
export function effectiveQuota(own: number | null | undefined, serverDefault: number | null): number | null {
  if (own === UNLIMITED_QUOTA) return null
  return own ?? serverDefault
}

export interface QuotaRefusal {
  message: string
  /** Seconds until the quota resets (Retry-After). */
  retryAfterS: number
}

export function quotaRefusal(limit: number | null, used: number, at: number): QuotaRefusal | null {
  if (limit === null || used < limit) return null
  const resetAt = nextUtcMidnight(at)
  const seconds = Math.max(1, Math.ceil((resetAt - at) / 1000))
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.ceil((seconds % 3600) / 60)
  const wait = hours > 0 ? `${hours} h ${minutes} min` : `${Math.max(1, minutes)} min`
  return {
    message: `You have used today's quota of ${limit.toLocaleString('en-US')} tokens (${used.toLocaleString('en-US')} used). It resets at 00:00 UTC, in ${wait}.`,
    retryAfterS: seconds,
  }
}
