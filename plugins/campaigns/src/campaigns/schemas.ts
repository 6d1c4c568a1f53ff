import { Type, type Static } from '@sinclair/typebox'
import { ListQuery, NullableDateTimeInput, errorResponses } from '@atende/sdk'
import { Campaign, CampaignSetting } from './wire.ts'

const Id = Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])
const Message = Type.String({ maxLength: 4096 })

// The validator drops undeclared fields: a body never carries companyId, status or dates the engine owns.
export const CampaignBody = Type.Object({
  name: Type.String({ maxLength: 50, description: '2 to 50 characters' }),
  message1: Type.Optional(Message),
  message2: Type.Optional(Message),
  message3: Type.Optional(Message),
  message4: Type.Optional(Message),
  message5: Type.Optional(Message),
  scheduledAt: Type.Optional(NullableDateTimeInput({ description: 'when sending starts' })),
  whatsappId: Type.Optional(Id),
  contactListId: Type.Optional(Id),
  tagListId: Type.Optional(Id),
  fileListId: Type.Optional(Id),
})
export type CampaignBody = Static<typeof CampaignBody>

export const CampaignsQuery = ListQuery
export const CampaignsPage = Type.Object({ records: Type.Array(Campaign), hasMore: Type.Boolean() })

/** POST /campaign-settings: `{ settings: { messageInterval, longerIntervalAfter, greaterInterval, variables, … } }`. */
export const SettingsBody = Type.Object({
  settings: Type.Object(
    {
      messageInterval: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
      longerIntervalAfter: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
      greaterInterval: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
      variables: Type.Optional(
        Type.Array(Type.Object({ key: Type.String({ maxLength: 50 }), value: Type.String({ maxLength: 1000 }) }), {
          maxItems: 100,
        }),
      ),
      dailyLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
      windowStart: Type.Optional(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })),
      windowEnd: Type.Optional(Type.String({ pattern: '^([01]\\d|2[0-4]):[0-5]\\d$' })),
    },
    { additionalProperties: false },
  ),
})
export type SettingsBody = Static<typeof SettingsBody>
export const SettingsList = Type.Array(CampaignSetting)

export const errors = errorResponses(400, 403, 404, 409)
