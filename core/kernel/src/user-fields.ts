import { Type, type TObject } from '@sinclair/typebox'
import type { DefinedPlugin } from '@atende/sdk'

/**
 * The UserView schema the server registers: the kernel's identity fields plus every installed
 * plugin's `userFields`. A field two owners claim stops startup (one owner per field).
 */
export function composeUserView(base: TObject, plugins: DefinedPlugin[]): TObject {
  const properties = { ...base.properties }
  const owner = new Map(Object.keys(properties).map((k) => [k, 'the kernel']))
  for (const p of plugins) {
    for (const [key, schema] of Object.entries(p.userFields?.properties ?? {})) {
      if (owner.has(key))
        throw new Error(`Plugin ${p.name} adds user field "${key}", which ${owner.get(key)} already has`)
      owner.set(key, `plugin ${p.name}`)
      properties[key] = schema
    }
  }
  return Type.Object(properties, { $id: base.$id })
}

/** After registration: a plugin that declared user fields must have supplied them. */
export function checkUserFields(plugins: DefinedPlugin[], extendedBy: string[]) {
  const loaded = new Set(extendedBy)
  for (const p of plugins)
    if (p.userFields && !loaded.has(p.name))
      throw new Error(`Plugin ${p.name} declares userFields but never called kernel.accounts.extendViews`)
  for (const name of loaded)
    if (!plugins.some((p) => p.name === name && p.userFields))
      throw new Error(`kernel.accounts.extendViews('${name}') without a plugin declaring those userFields`)
}
