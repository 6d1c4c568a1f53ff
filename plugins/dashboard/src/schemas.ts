import { Type } from '@sinclair/typebox'
import { errorResponses } from '@atende/sdk'

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, the company’s local day' })

/** GET /dashboard: the last `days` days (today included), or date_from..date_to; default: this month so far. */
export const DashboardQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 })),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
})

/** GET /dashboard/ticketsUsers and /ticketsDay (companyId is ignored: always the caller's). */
export const ChartQuery = Type.Object({
  initialDate: Type.Optional(Day),
  finalDate: Type.Optional(Day),
  companyId: Type.Optional(Type.Integer()),
})

export const errors = errorResponses(400, 403)
