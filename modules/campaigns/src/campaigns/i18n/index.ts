import type { Resources } from '@atende/ui'
import pt from './pt.json'
import en from './en.json'
import es from './es.json'

const isTree = (v: unknown): v is Resources => !!v && typeof v === 'object' && !Array.isArray(v)

/** `base` with `extra` merged in, branch by branch (the module's `menu` and `errors` stay). */
function merge(base: Resources, extra: Resources): Resources {
  const out: Resources = { ...base }
  for (const [k, v] of Object.entries(extra)) {
    const b = out[k]
    out[k] = isTree(b) && isTree(v) ? merge(b, v) : v
  }
  return out
}

/** The campaign pages' texts (pt, en, es) joined to the module's own. */
export function withCampaignTexts(i18n: { pt: Resources; en: Resources; es: Resources }) {
  return { pt: merge(i18n.pt, pt), en: merge(i18n.en, en), es: merge(i18n.es, es) }
}
