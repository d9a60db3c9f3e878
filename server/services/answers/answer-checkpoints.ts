// Running answers are saved as they stream, so a crash (kill -9, an OOM kill, a lost replica) loses
// at most the last interval of an answer instead of all of it. One timer for the whole process:
// every interval, the answers that changed since their last save are handed to `save` together,
// however many run. A save still in progress when the next tick comes is not doubled
// up; its answers are simply saved again on a later tick.

/** What an answer has so far; the writer bumps `version` on every change. */
export interface AnswerDraft {
  parts: unknown[]
  version: number
}

export interface AnswerCheckpointsOptions {
  /** Writes the parts (JSON) of the given answers as their drafts. */
  save(batch: Array<{ id: string; parts: string }>): Promise<void>
  /** 0: never (answers are written only when they end). */
  intervalMs?: number
  onError?: (error: unknown) => void
  /** Rows written per save (metrics). */
  onSaved?: (rows: number) => void
}

export interface AnswerCheckpoints {
  /** Saves `draft` every interval while it changes, until untracked. */
  track(messageId: string, draft: AnswerDraft): void
  /** The answer has ended (its final write follows). */
  untrack(messageId: string): void
  /** Writes what changed now (tests; the tick does it otherwise). */
  flush(): Promise<void>
  /** Stops the timer. */
  close(): void
}

export function createAnswerCheckpoints(options: AnswerCheckpointsOptions): AnswerCheckpoints {
  const intervalMs = options.intervalMs ?? 1000
  const tracked = new Map<string, { draft: AnswerDraft; savedVersion: number }>()
  let saving: Promise<void> | null = null
  let timer: NodeJS.Timeout | null = null

  function dirty(): Array<{ id: string; parts: string }> {
    const batch: Array<{ id: string; parts: string }> = []
    for (const [id, entry] of tracked) {
      if (entry.draft.version === entry.savedVersion) continue
      entry.savedVersion = entry.draft.version
      batch.push({ id, parts: JSON.stringify(entry.draft.parts) })
    }
    return batch
  }

  function tick(): Promise<void> {
    if (saving) return saving
    const batch = dirty()
    if (batch.length === 0) return Promise.resolve()
    saving = options
      .save(batch)
      .then(
        () => options.onSaved?.(batch.length),
        (error: unknown) => {
          // Try these again next time rather than lose them.
          for (const { id } of batch) {
            const entry = tracked.get(id)
            if (entry) entry.savedVersion = -1
          }
          options.onError?.(error)
        },
      )
      .finally(() => (saving = null))
    return saving
  }

  return {
    track(messageId, draft) {
      if (intervalMs === 0) return
      tracked.set(messageId, { draft, savedVersion: draft.version })
      if (!timer) {
        timer = setInterval(tick, intervalMs)
        timer.unref()
      }
    },
    untrack(messageId) {
      tracked.delete(messageId)
      if (tracked.size === 0 && timer) {
        clearInterval(timer)
        timer = null
      }
    },
    async flush() {
      await saving
      await tick()
    },
    close() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
