import type { Kernel } from '@atende/sdk'

// Events of the prompts and integrations plugins (declared there too, with these shapes).
declare module '@atende/sdk' {
  interface EventMap {
    'prompt.deleted': { companyId: number; promptId: number }
    'integration.deleted': { companyId: number; integrationId: number }
  }
}

/** A deleted prompt or integration leaves no link behind (a dangling one would refuse the next save). */
export function clearBotLinks(kernel: Kernel) {
  kernel.bus.on('prompt.deleted', async ({ companyId, promptId }) => {
    await kernel.tenant(companyId)('queues').where({ promptId }).update({ promptId: null })
  })
  kernel.bus.on('integration.deleted', async ({ companyId, integrationId }) => {
    await kernel.tenant(companyId)('queues').where({ integrationId }).update({ integrationId: null })
  })
}
