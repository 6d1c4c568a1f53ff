import type { UnitOfWork } from '@atende/sdk'

/** A prompt or a queue integration (a bot) a connection may hand its customers to. */
export type BotRef = { promptId: number } | { integrationId: number }

/**
 * A deleted bot leaves no link behind (a dangling one would refuse the next save). The prompts and
 * integrations plugins call this, in the unit of work that deletes the bot: a call down through
 * this plugin's contract, where this plugin used to subscribe up to their deletion events.
 */
export async function releaseBot({ t }: UnitOfWork, bot: BotRef) {
  const column = 'promptId' in bot ? 'promptId' : 'integrationId'
  const id = 'promptId' in bot ? bot.promptId : bot.integrationId
  await t('whatsapps')
    .where(column, id)
    .update({ [column]: null })
}
