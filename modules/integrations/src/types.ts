import type { IntegrationType, QueueIntegrationInput, QueueIntegrationWire } from '@atende/plugin-integrations/api'

/** A queue integration as the API answers it: the plugin's published contract. */
export type QueueIntegration = QueueIntegrationWire
export type { IntegrationType, QueueIntegrationInput }

/** The engines an integration hands customers to, in the order the type select offers them. */
export const INTEGRATION_TYPES: readonly IntegrationType[] = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder']
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

/** `company-{id}-queueIntegration` frames (the secret is blanked in them; admins read it from the API). */
export type QueueIntegrationFrame =
  { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: number }

/** One entry of GET /flowbuilder/list. */
export interface FlowChoice {
  id: number
  name: string
  active: boolean
}
