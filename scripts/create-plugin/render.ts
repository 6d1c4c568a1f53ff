import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Conditional lines end with one of these; kept (marker removed) when the condition holds, dropped otherwise. */
export type Condition = 'flag' | 'module' | 'backendOnly' | 'workspaceModule' | 'standaloneModule'
const MARKER = /\s*\/\/ \[if (flag|module|backendOnly|workspaceModule|standaloneModule)\]$/
const PLACEHOLDER = /__(name|Name|camel|table|Entity|entity|Title|ERR_NOT_FOUND|flag|planKey|kitSdk|kitUi|kitClient)__/g

/** Every file under a template folder, as relative paths in a stable order. */
export function templateFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const entry of readdirSync(d).sort()) {
      const path = join(d, entry)
      if (statSync(path).isDirectory()) walk(path)
      else out.push(relative(dir, path))
    }
  }
  walk(dir)
  return out
}

/** Fills `__name__`-style placeholders; one without a value is a template bug, not silent "undefined". */
export function fill(text: string, values: Record<string, string | undefined>): string {
  return text.replace(PLACEHOLDER, (token, key: string) => {
    const value = values[key]
    if (value === undefined)
      throw new Error(`template uses ${token} where it has no value (put it on an "// [if …]" line)`)
    return value
  })
}

/** A template's text with its conditional lines settled and its placeholders filled. */
export function render(
  text: string,
  values: Record<string, string | undefined>,
  holds: Record<Condition, boolean>,
): string {
  const lines: string[] = []
  for (const line of text.split('\n')) {
    const marker = MARKER.exec(line)
    if (!marker) lines.push(line)
    else if (holds[marker[1] as Condition]) lines.push(line.slice(0, marker.index))
  }
  return fill(lines.join('\n'), values)
}
