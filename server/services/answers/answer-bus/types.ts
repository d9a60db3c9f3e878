// What the chat routes need from "the answers being written right now", wherever they run: on this
// process (memory.ts) or on any replica sharing a Redis (redis.ts). Both run an answer here with
// services/answer-runs.ts; they differ in how another process finds, replays and stops it.
import type { Readable } from 'node:stream'
import type { AnswerRun, AnswerRuns, ApprovalDecision } from '../answer-runs.ts'

export type StartInput = Parameters<AnswerRuns['start']>[0]

export interface Answers {
  /** 'redis': other replicas see and can stop these answers. */
  readonly mode: 'in-process' | 'redis'
  /** Runs the answer on this process (see AnswerRuns.start). */
  start(input: StartInput): AnswerRun
  /** A run on this process (tests wait for `settled`). */
  get(chatId: string): AnswerRun | undefined
  /** Whether an answer is being written in this chat, on any replica. */
  isRunning(chatId: string): Promise<boolean>
  /** Everything the running answer sent so far, then the rest, as SSE; null when nothing runs. */
  subscribe(chatId: string): Promise<Readable | null>
  /** For an answer running here: waits for the user's decision on a tool call (see AnswerRuns). */
  awaitApproval(chatId: string, approvalId: string, signal: AbortSignal): Promise<ApprovalDecision>
  /** The user's decision on a tool call, for the replica running the answer; false when no answer runs. */
  approve(chatId: string, approvalId: string, decision: ApprovalDecision): Promise<boolean>
  /** Stops the running answer and resolves once its partial answer is stored; false when nothing ran. */
  stop(chatId: string): Promise<boolean>
  /** Shutdown: see AnswerRuns.drain; also ends background work. */
  drain(timeoutMs: number): Promise<void>
  /** Answers running on this process. */
  readonly size: number
}
