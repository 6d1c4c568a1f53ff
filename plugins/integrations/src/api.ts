/**
 * The integrations plugin's published contract, version 1: the wire types of its routes (for the
 * integrations module and the queue and connection dialogs). Types only.
 */
import type { Static } from '@sinclair/typebox'
import type { IntegrationBody, QueueIntegration } from './schemas.ts'

export type { IntegrationType } from './schemas.ts'
export type QueueIntegrationWire = Static<typeof QueueIntegration>
export type QueueIntegrationInput = Static<typeof IntegrationBody>
