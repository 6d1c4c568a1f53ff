import type {
  IntegrationType,
  QueueIntegrationFrame,
  QueueIntegrationInput,
  QueueIntegrationWire,
} from '@atende/plugin-integrations/api'

/** A queue integration as the API answers it: the plugin's published contract. */
export type QueueIntegration = QueueIntegrationWire
export type { IntegrationType, QueueIntegrationFrame, QueueIntegrationInput }

/** The engines an integration hands customers to, in the order the type select offers them. */
export const INTEGRATION_TYPES: readonly IntegrationType[] = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder']
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

/** One entry of GET /flowbuilder/list. */
export interface FlowChoice {
  id: number
  name: string
  active: boolean
}
