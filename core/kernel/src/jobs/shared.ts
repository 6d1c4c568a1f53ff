import type { JobOptions } from '@atende/sdk'

/** First retry waits this long; each next one doubles it (BullMQ's exponential backoff). */
export const BACKOFF_MS = 1000

/**
 * BullMQ refuses integer-like custom ids and ids with ':' (its key separator); both runners check
 * the same way so embedded mode does not accept what production would reject.
 */
export function checkJobOptions(name: string, opts: JobOptions) {
  if (!name || name.includes(':')) throw new Error(`Job name "${name}" must be non-empty and must not contain ':'`)
  if (opts.jobId !== undefined && (opts.jobId === '' || /^\d+$/.test(opts.jobId) || opts.jobId.includes(':'))) {
    throw new Error(`jobId "${opts.jobId}" must be non-empty, not an integer, and must not contain ':'`)
  }
  if (opts.repeat && !(opts.repeat.every > 0)) throw new Error('repeat.every must be a positive number of milliseconds')
}
