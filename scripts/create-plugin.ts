/**
 * `pnpm create-plugin <name> [--flag <planFlag>] [--no-module] [--root <dir> | --standalone <dir>]`: starts a feature in
 * the project's current shape — plugins/<name> (manifest, TypeBox routes, a company-scoped service,
 * a migration, the published api.ts, a test booting the real kernel) and modules/<name> (the
 * federated page with its menu item and pt/en/es texts). `--standalone <dir>` writes both as one
 * third-party package outside the workspace (create-plugin/standalone.ts). Templates: scripts/create-plugin/template.
 */
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packKit } from './kit-pack.ts'
import { USAGE, parseCliArgs } from './create-plugin/args.ts'
import { ScaffoldError } from './create-plugin/errors.ts'
import { formatFiles } from './create-plugin/format.ts'
import { createPlugin, type ScaffoldOptions, type ScaffoldResult } from './create-plugin/generate.ts'
import { isSpecFlag } from './create-plugin/names.ts'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

function standaloneSteps(opts: ScaffoldOptions & { standalone: string }, result: ScaffoldResult) {
  const rel = relative(process.env.INIT_CWD ?? process.cwd(), opts.standalone)
  const dir = rel.startsWith('..') ? opts.standalone : rel || '.'
  const pkg = `atende-plugin-${opts.name}`
  return [
    `Created ${dir} (${result.files.length} files), a plugin package outside the workspace, and packed the kit into ${dir}/atende-kit.`,
    '',
    'Next:',
    `  cd ${dir} && pnpm install && pnpm typecheck${opts.module ? ' && pnpm build' : ''}  (add --ignore-workspace to the install inside this repository)`,
    'Then, in the Atende repository:',
    `  pnpm plugin:add ${dir}  (packs it and installs it with the kit from the workspace)`,
    `  ATENDE_PLUGINS=${pkg} pnpm test:plugin  (the tenancy walk and migrations test with it loaded)`,
    `  ATENDE_PLUGINS=${pkg} pnpm start`,
  ].join('\n')
}

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
    if (opts.standalone !== undefined) {
      await formatFiles(opts.standalone, result.files, REPO_ROOT)
      packKit(join(opts.standalone, 'atende-kit'))
      console.log(standaloneSteps({ ...opts, standalone: opts.standalone }, result))
    } else {
      await formatFiles(opts.root, result.files, REPO_ROOT)
      console.log(nextSteps(opts, result))
    }
  }
} catch (err) {
  if (!(err instanceof ScaffoldError)) throw err
  console.error(`create-plugin: ${err.message}${err.usage ? `\n\n${USAGE}` : ''}`)
  process.exitCode = 1
}
