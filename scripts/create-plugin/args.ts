import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ScaffoldError } from './errors.ts'
import type { ScaffoldOptions } from './generate.ts'

export const USAGE = `Usage: pnpm create-plugin <name> [--flag <planFlag>] [--no-module] [--root <dir> | --standalone <dir>]

  <name>        kebab-case feature name: plugins/<name> and modules/<name> (e.g. flows, quick-messages)
  --flag        the plan flag that gates it (e.g. useCampaigns); without one, plans toggle it by its name
  --no-module   the backend plugin alone, no React module
  --root        the workspace to write into (default: this repository)
  --standalone  a third-party package in <dir>, outside the workspace: plugin and module in one package
                that builds against the packed kit (atende-kit/) and installs with \`pnpm plugin:add <dir>\``

/** The command line as options; 'help' for -h/--help. Bad usage is a ScaffoldError. */
export function parseCliArgs(argv: string[], defaultRoot: string): ScaffoldOptions | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        flag: { type: 'string' },
        'no-module': { type: 'boolean' },
        root: { type: 'string' },
        standalone: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (err) {
    throw new ScaffoldError((err as Error).message, true)
  }
  const { values, positionals } = parsed
  if (values.help) return 'help'
  if (positionals.length !== 1)
    throw new ScaffoldError(
      positionals.length ? `one name expected, got: ${positionals.join(' ')}` : 'a name is required',
      true,
    )
  if (values.standalone !== undefined && values.root !== undefined)
    throw new ScaffoldError('--root and --standalone exclude each other', true)
  return {
    name: positionals[0]!,
    flag: values.flag,
    module: !values['no-module'],
    root: resolve(values.root ?? defaultRoot),
    standalone: values.standalone === undefined ? undefined : resolve(process.env.INIT_CWD ?? '.', values.standalone),
  }
}
