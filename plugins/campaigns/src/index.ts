import { definePlugin } from '@atende/sdk'
import { registerCampaigns, type CampaignEngine } from './campaigns/index.ts'
import { registerContactLists } from './contact-lists/index.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = [
  'campaign.deleted',
  'campaign.saved',
  'contactList.deleted',
  'contactList.saved',
  'contactListItem.deleted',
  'contactListItem.imported',
  'contactListItem.saved',
]

/**
 * Contact lists and campaigns (plan
 * flag useCampaigns): lists of numbers to reach, and campaigns that send them one of five
 * message variants, paced, exactly once per number.
 */
export default definePlugin({
  name: 'campaigns',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'message.updated'] },
  host: '^1.0.0',
  planFlag: 'useCampaigns',
  essential: false,
  module: true,
  moduleRoutes: ['/contact-lists', '/campaigns', '/campaign', '/campaigns-config'],
  cshowRoutes: ['/contact-lists', '/campaigns', '/campaign', '/campaigns-config'],
  dependsOn: ['tickets', 'connections', 'contacts'],
  services: {
    provides: ['campaigns.dispatcher'],
    requires: ['tickets', 'contacts', 'connections'],
    optional: ['messaging', 'tags', 'fileLists'],
  },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    registerContactLists(app, kernel)
    const { dispatcher, reconcile } = await registerCampaigns(app, kernel)
    kernel.services.provide('campaigns.dispatcher', { ...dispatcher, reconcile } satisfies CampaignEngine)
  },
})
