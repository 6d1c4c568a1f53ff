/**
 * Polls `check` every `interval` ms until it returns true (or a truthy promise), failing with
 * `message` after `ms`. For waiting on what happens elsewhere (bus delivery through Redis, a job,
 * a socket frame) instead of sleeping a fixed time and hoping it was long enough.
 */
export async function until(
  check: () => unknown | Promise<unknown>,
  ms = 5000,
  message = 'condition not met in time',
  interval = 20,
): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(message)
    await new Promise((r) => setTimeout(r, interval))
  }
}

/** A fixed pause, for tests whose point is a delay (a slow fake service), never to wait for a condition. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
