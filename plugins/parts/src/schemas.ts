import { Type } from '@sinclair/typebox'
import { errorResponses } from '@atende/sdk'

export const CompanyParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }) })

export const ConsultBody = Type.Object({
  whatsappNumber: Type.String({
    minLength: 1,
    maxLength: 30,
    pattern: '\\d',
    description: "The customer's number, in any format (normalised as contacts are)",
  }),
})

export const errors = errorResponses(400, 403, 404)
