/**
 * `pnpm create-plugin <name> [--flag <planFlag>] [--no-module] [--root <dir>]`: starts a feature in
 * the project's current shape — plugins/<name> (manifest, TypeBox routes, a company-scoped service,
 * a migration, the published api.ts, a test booting the real kernel) and modules/<name> (the
 * federated page with its menu item and pt/en/es texts). Templates: scripts/create-plugin/template.
 */
import { fileURLToPath } from 'node:url'
import { USAGE, parseCliArgs } from './create-plugin/args.ts'
import { ScaffoldError } from './create-plugin/errors.ts'
import { formatFiles } from './create-plugin/format.ts'
import { createPlugin, type ScaffoldOptions, type ScaffoldResult } from './create-plugin/generate.ts'
import { isSpecFlag } from './create-plugin/names.ts'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

function nextSteps(opts: ScaffoldOptions, result: ScaffoldResult) {
  const lines = [
    `Created ${result.folders.join(' and ')} (${result.files.length} files).`,
    '',
    'Next:',
    '  pnpm install  (links the new packages into the workspace)',
    `  npx vitest run plugins/${opts.name}  (its test boots the real kernel)`,
    '  pnpm typecheck && pnpm lint',
    '',
    `Then make it yours: rename the example record (name, description) in plugins/${opts.name}, describe the feature in src/index.ts,`,
  ]
  if (opts.module)
    lines.push(
      `and in modules/${opts.name} translate the title in src/i18n/{pt,en,es}.json and pick the drawer icon and order in src/menu.json.`,
    )
  if (opts.flag && !isSpecFlag(opts.flag))
    lines.push(
      '',
      `Note: ${opts.flag} is not one of the spec's seven plan flags; plans will list it as a module key of its own.`,
    )
  return lines.join('\n')
}

try {
  const opts = parseCliArgs(process.argv.slice(2), REPO_ROOT)
  if (opts === 'help') console.log(USAGE)
  else {
    const result = createPlugin(opts)
    await formatFiles(opts.root, result.files, REPO_ROOT)
    console.log(nextSteps(opts, result))
  }
} catch (err) {
  if (!(err instanceof ScaffoldError)) throw err
  console.error(`create-plugin: ${err.message}${err.usage ? `\n\n${USAGE}` : ''}`)
  process.exitCode = 1
}
