import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ScaffoldError } from './errors.ts'
import { checkFlag, checkName, placeholders } from './names.ts'
import { fill, render, templateFiles } from './render.ts'
import { createStandalone } from './standalone.ts'

/*
 * Templates are real files (template/plugin → plugins/<name>, template/module → modules/<name>)
 * rather than strings in code: they read, diff and get reviewed like the code they become, and a
 * change to the project's shape is a change to one of them. The only logic is placeholders and
 * "// [if flag]" / "// [if module]" lines (render.ts).
 */
const TEMPLATE = fileURLToPath(new URL('./template', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface ScaffoldOptions {
  name: string
  /** Plan flag gating the feature (planFlag); without it the plan↔module key is the name. */
  flag?: string
  /** Also write the React module (modules/<name>). */
  module: boolean
  /** The workspace to write into (holds pnpm-workspace.yaml). */
  root: string
  /** Instead, a third-party package in this folder, outside the workspace (standalone.ts). */
  standalone?: string
}

export interface ScaffoldResult {
  /** Folders written, relative to the root: plugins/<name> and maybe modules/<name>. */
  folders: string[]
  /** Files written, relative to the root. */
  files: string[]
}

/** Checks everything first, then writes: a refusal leaves the workspace untouched. */
export function createPlugin(opts: ScaffoldOptions): ScaffoldResult {
  if (opts.standalone !== undefined) return createStandalone({ ...opts, standalone: opts.standalone }, REPO_ROOT)
  if (!existsSync(join(opts.root, 'pnpm-workspace.yaml')))
    throw new ScaffoldError(`${opts.root} is not the Atende workspace (no pnpm-workspace.yaml)`)
  checkName(opts.name)
  if (opts.flag !== undefined) checkFlag(opts.flag)
  for (const kind of ['plugins', 'modules']) {
    if (existsSync(join(opts.root, kind, opts.name)))
      throw new ScaffoldError(`${kind}/${opts.name} already exists: pick another name`)
  }

  const values = placeholders(opts.name, opts.flag)
  const holds = {
    flag: opts.flag !== undefined,
    module: opts.module,
    backendOnly: !opts.module,
    workspaceModule: opts.module,
    standaloneModule: false,
  }
  const parts: [string, string][] = [['plugin', join('plugins', opts.name)]]
  if (opts.module) parts.push(['module', join('modules', opts.name)])

  const outputs = parts.flatMap(([from, to]) =>
    templateFiles(join(TEMPLATE, from)).map((file) => ({
      path: join(to, fill(file, values)),
      text: render(readFileSync(join(TEMPLATE, from, file), 'utf8'), values, holds),
    })),
  )
  for (const { path, text } of outputs) {
    mkdirSync(dirname(join(opts.root, path)), { recursive: true })
    writeFileSync(join(opts.root, path), text)
  }
  return { folders: parts.map(([, to]) => to), files: outputs.map((o) => o.path) }
}
