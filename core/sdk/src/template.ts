import { wallClock } from './wall-clock.ts'
/**
 * The one template renderer for the product's automatic messages: tickets' greetings and notices,
 * flows' messages and (later) campaigns. Pure: the caller passes what it knows of the conversation.
 */
/** Companies have no time zone column: TZ from the environment, else Brazil's (as the queues' business hours). */
export const companyTimeZone = () => process.env.TZ || 'America/Sao_Paulo'

export interface VariableContext {
  contactName: string
  ticketId: number
  ticketCreatedAt: Date | string
  userName?: string
  queueName?: string
  connectionName?: string
  now?: Date
  timeZone?: string
}

function localParts(at: Date, timeZone: string) {
  const c = wallClock(at, timeZone)
  return { y: c.year, m: c.month, d: c.day, h: c.hour, min: c.minute }
}

/** By the local hour: 05–11 morning, 12–17 afternoon, otherwise night. */
export function greetingAt(at: Date, timeZone: string) {
  const h = Number(localParts(at, timeZone).h)
  return h >= 5 && h < 12 ? 'Bom dia' : h >= 12 && h < 18 ? 'Boa tarde' : 'Boa noite'
}

/**
 * The message variables: {{firstName}}, {{name}}, {{greeting}} (also {{ms}} and
 * {{gretting}}, the names templates carried over from the older product use), {{protocol}}
 * (the ticket's opening day yyyyMMdd followed by its id: the same on every message of the ticket),
 * {{date}} (dd/MM/yyyy), {{hour}} (HH:mm) in the company's time zone, and {{userName}}, {{queueName}},
 * {{connectionName}}, then `extra` (a flow's answers). An unknown variable renders empty, as the older
 * product's templates did.
 */
export function renderVariables(template: string, ctx: VariableContext, extra?: Record<string, string>): string {
  const tz = ctx.timeZone ?? companyTimeZone()
  const now = localParts(ctx.now ?? new Date(), tz)
  const opened = localParts(new Date(ctx.ticketCreatedAt), tz)
  const greeting = greetingAt(ctx.now ?? new Date(), tz)
  const name = ctx.contactName.trim()
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    greeting,
    ms: greeting,
    gretting: greeting,
    protocol: `${opened.y}${opened.m}${opened.d}${ctx.ticketId}`,
    date: `${now.d}/${now.m}/${now.y}`,
    hour: `${now.h}:${now.min}`,
    userName: ctx.userName ?? '',
    queueName: ctx.queueName ?? '',
    connectionName: ctx.connectionName ?? '',
  }
  // A flow's own variables ({{answerKey}}) are the author's choice and win over a built-in of the same name.
  if (extra) for (const [k, v] of Object.entries(extra)) values[k] = v
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => (Object.hasOwn(values, key) ? values[key] : ''))
}
