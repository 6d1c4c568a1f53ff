import type { Kernel } from '@atende/sdk'

/**
 * Counts the statements a knex instance runs from now until `stop()`, with the process's CPU over
 * the same span (the bench's own client, when in this process, included). BENCH_SQL=1 also keeps
 * each statement's text (bindings folded) and prints the most frequent ones per unit.
 */
export function tallySql(db: Kernel['db']) {
  let statements = 0
  const texts = new Map<string, number>()
  const keep = !!process.env.BENCH_SQL
  const count = (q: { sql: string }) => {
    statements++
    if (!keep) return
    const key = q.sql.replace(/\$\d+(, \$\d+)*/g, '?').slice(0, 110)
    texts.set(key, (texts.get(key) ?? 0) + 1)
  }
  db.on('query', count)
  const cpu0 = process.cpuUsage()
  return {
    /**
     * Stops counting; `units` of `unit` (steps, messages) were done. Answers the figures' line and
     * (BENCH_SQL=1) the most frequent statements, each with its count per unit.
     */
    stop(units: number, unit: string): { line: string; top: string[] } {
      db.off('query', count)
      const cpu = process.cpuUsage(cpu0)
      return {
        line: `${(statements / units).toFixed(1)} SQL/${unit}   ${((cpu.user + cpu.system) / 1000 / units).toFixed(1)} CPU ms/${unit}`,
        top: [...texts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 40)
          .map(([sql, n]) => `  ${(n / units).toFixed(2).padStart(6)}  ${sql}`),
      }
    },
  }
}
