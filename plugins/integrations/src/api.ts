/**
 * The integrations plugin's published contract, version 1: the wire types of its routes (for the
 * integrations module and the queue and connection dialogs). Types only.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import type { Static } from '@sinclair/typebox'
import type { RecordOwner, ServiceRef } from '@atende/sdk'
import type { IntegrationBody, QueueIntegration } from './schemas.ts'

export type { IntegrationType } from './schemas.ts'
export type QueueIntegrationWire = Static<typeof QueueIntegration>
export type QueueIntegrationInput = Static<typeof IntegrationBody>

/** `company-{id}-queueIntegration` frames (events.ts; the secret is blanked in them, admins read it from the API). */
export type QueueIntegrationFrame =
  { action: 'create' | 'update'; queueIntegration: QueueIntegrationWire } | { action: 'delete'; integrationId: number }

/**
 * The plugin's service (`integrations`): which integration ids are the company's, for the queues,
 * connections and tickets that name one (they find it as a RecordOwner, declared optional).
 */
export type IntegrationsService = RecordOwner & { readonly version: 1 }

/** The `integrations` service: `kernel.services.find<IntegrationsRef>('integrations')`. */
export type IntegrationsRef = ServiceRef<'integrations', IntegrationsService>
