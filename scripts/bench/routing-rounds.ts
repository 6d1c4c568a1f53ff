/** What one round of a routing bench measured. */
export interface RoutingRound {
  /** Steps or messages per second, as the bench counts them. */
  perSecond: number
  p50: number
  p99: number
  /** Nothing lost, doubled or failed. */
  ok: boolean
}

/**
 * Two rounds in one run, so a loaded machine still shows the change: conversations routed one at a
 * time (ROUTING_CONCURRENCY=1, how the pipeline routed before issue 37), then side by side (the
 * default, or ROUTING_CONCURRENCY as set). Prints the ratios; exit code 1 when a round lost,
 * doubled or failed something.
 */
export async function routingRounds(unit: string, round: (label: string) => Promise<RoutingRound>) {
  const configured = process.env.ROUTING_CONCURRENCY
  process.env.ROUTING_CONCURRENCY = '1'
  const before = await round('routed one conversation at a time (ROUTING_CONCURRENCY=1)')
  if (configured) process.env.ROUTING_CONCURRENCY = configured
  else delete process.env.ROUTING_CONCURRENCY
  const after = await round(`routed side by side (ROUTING_CONCURRENCY=${configured ?? 'default'})`)
  console.log(
    `\nside by side / one at a time: ${unit} ×${(after.perSecond / before.perSecond).toFixed(2)}   p50 ×${(before.p50 / after.p50).toFixed(2)} faster   p99 ×${(before.p99 / after.p99).toFixed(2)} faster`,
  )
  if (!before.ok || !after.ok) process.exitCode = 1
}
