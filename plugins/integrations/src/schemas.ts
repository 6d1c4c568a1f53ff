import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, Nullable, Timestamp, errorResponses } from '@atende/sdk'

export const TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const
export type IntegrationType = (typeof TYPES)[number]
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const

/** A queue integration as the API answers it. The Dialogflow key is never sent back: `jsonContentSet` says one is stored. */
export const QueueIntegration = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  type: Type.Union(TYPES.map((t) => Type.Literal(t))),
  name: Type.String(),
  projectName: Type.String(),
  jsonContent: Type.String({ description: 'always empty in answers (a secret); see jsonContentSet' }),
  jsonContentSet: Type.Boolean(),
  language: Type.String(),
  urlN8N: Type.String(),
  typebotSlug: Type.String(),
  typebotExpires: Type.Integer(),
  typebotDelayMessage: Type.Integer(),
  typebotKeywordFinish: Type.String(),
  typebotKeywordRestart: Type.String(),
  typebotRestartMessage: Type.String(),
  typebotUnknownMessage: Type.String(),
  flowId: Nullable(Type.Integer()),
  /** webhook / n8n: the key each call's X-Atende-Signature (HMAC-SHA256 of the body) is made with. */
  secret: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type QueueIntegration = Static<typeof QueueIntegration>

export const IntegrationBody = Type.Object({
  type: Type.Union(TYPES.map((t) => Type.Literal(t))),
  name: Type.String({ minLength: 2, maxLength: 50 }),
  projectName: Type.Optional(Type.String({ maxLength: 100 })),
  jsonContent: Type.Optional(Type.String({ maxLength: 20_000 })),
  language: Type.Optional(Type.Union(LANGUAGES.map((l) => Type.Literal(l)))),
  urlN8N: Type.Optional(Type.String({ maxLength: 500 })),
  typebotSlug: Type.Optional(Type.String({ maxLength: 200 })),
  typebotExpires: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  typebotDelayMessage: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
  typebotKeywordFinish: Type.Optional(Type.String({ maxLength: 100 })),
  typebotKeywordRestart: Type.Optional(Type.String({ maxLength: 100 })),
  typebotRestartMessage: Type.Optional(Type.String({ maxLength: 4096 })),
  typebotUnknownMessage: Type.Optional(Type.String({ maxLength: 4096 })),
  flowId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
})
export type IntegrationBody = Static<typeof IntegrationBody>

export const IntegrationsPage = ListResponse('queueIntegrations', QueueIntegration)
export const IntegrationsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1 })),
})
export const TestSessionBody = Type.Object({
  projectName: Type.String({ minLength: 1, maxLength: 100 }),
  jsonContent: Type.String({ maxLength: 20_000, description: 'empty: the stored key of integration `id`' }),
  /** An addition: the integration being edited, whose stored key (never sent to the browser) is tested when jsonContent is empty. */
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  language: Type.Union(LANGUAGES.map((l) => Type.Literal(l))),
})
export type TestSessionBody = Static<typeof TestSessionBody>

export const errors = errorResponses(400, 403, 404)
