import { PLAN_FLAGS } from '@atende/sdk'
import { ScaffoldError } from './errors.ts'

/** Kebab-case, within the kernel's plugin-name rule (core/kernel/src/plugins/loader.ts: 2 to 41 characters). */
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/
const NAME_LENGTH = { min: 2, max: 41 }
/** A plan flag is a camelCase key of the plan↔module table (useCampaigns, useKanban…). */
const FLAG = /^[a-z][a-zA-Z0-9]*$/

export function checkName(name: string) {
  if (!NAME.test(name))
    throw new ScaffoldError(
      `"${name}" is not a kebab-case name (lowercase letters and digits, words joined by single dashes, e.g. quick-messages)`,
    )
  if (name.length < NAME_LENGTH.min || name.length > NAME_LENGTH.max)
    throw new ScaffoldError(`"${name}" must have ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters`)
}

export function checkFlag(flag: string) {
  if (!FLAG.test(flag)) throw new ScaffoldError(`"${flag}" is not a camelCase plan flag (e.g. useCampaigns)`)
}

/** Not one of the spec's seven: allowed (plan flags are data), but worth a word. */
export const isSpecFlag = (flag: string) => (PLAN_FLAGS as readonly string[]).includes(flag)

/**
 * A plural English word made singular for the example entity's type name (flows → Flow,
 * quick-messages → QuickMessage, billing stays). Naive on purpose: the author renames the example anyway.
 */
function singular(word: string) {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y')
  if (/(ss|us|is)$/.test(word) || !word.endsWith('s')) return word
  if (/(ches|shes|xes|sses)$/.test(word)) return word.replace(/es$/, '')
  return word.slice(0, -1)
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1)

/** The placeholders the templates use, each filled from the feature's kebab-case name (and flag). */
export function placeholders(name: string, flag: string | undefined): Record<string, string | undefined> {
  const words = name.split('-')
  const entityWords = [...words.slice(0, -1), singular(words[words.length - 1]!)]
  return {
    name, // quick-messages: package, route, module and tag
    Name: words.map(capital).join(''), // QuickMessages: components, route registration
    camel: words[0] + words.slice(1).map(capital).join(''), // quickMessages: i18n namespace, menu label key
    table: words.join('_'), // quick_messages: table and migration file
    Entity: entityWords.map(capital).join(''), // QuickMessage: the example record's type
    entity: entityWords[0] + entityWords.slice(1).map(capital).join(''), // quickMessage: its events (quickMessage.saved)
    Title: capital(words.join(' ')), // Quick messages: a first title to translate
    ERR_NOT_FOUND: `ERR_NO_${entityWords.join('_').toUpperCase()}_FOUND`,
    flag,
    planKey: flag ?? name, // the plan↔module key: the flag, else the name
  }
}
