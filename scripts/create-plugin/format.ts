import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, getFileInfo, resolveConfig } from 'prettier'

/** The repo's Prettier options (.prettierrc.json at its root), whichever folder the files land in. */
export async function prettierOptions(repoRoot: string) {
  const configFile = join(repoRoot, '.prettierrc.json')
  return (await resolveConfig(configFile, { config: configFile })) ?? {}
}

/** Rewrites the generated files in the repo's style, so `pnpm lint` (prettier --check) passes on them as they are. */
export async function formatFiles(root: string, files: string[], repoRoot: string) {
  const options = await prettierOptions(repoRoot)
  for (const file of files) {
    const path = join(root, file)
    if (!(await getFileInfo(path)).inferredParser) continue
    writeFileSync(path, await format(readFileSync(path, 'utf8'), { ...options, filepath: path }))
  }
}
