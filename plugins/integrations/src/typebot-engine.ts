/**
 * A Typebot conversation turn (the integration's settings):
 * - typebotKeywordFinish (any case): the conversation ends, the bot stops for the ticket;
 * - typebotKeywordRestart: a new session, typebotRestartMessage first;
 * - typebotExpires (minutes; 0 never): a session idle longer is started again on our side (Typebot's
 *   own timeout restarts in loops, typebot #2340);
 * - a session Typebot no longer knows (404) is started again;
 * - an answer Typebot refuses (another 4xx) gets typebotUnknownMessage and the same question stands.
 * The message that starts a session is not submitted as an answer: Typebot greets first.
 * The variables offered to the bot (prefilledVariables; Typebot keeps those it declares):
 * number, name, pushName, ticketId, companyId, contactId, queueId.
 */
import type { BotOutput } from './bot-store.ts'
import type { Engine, Turn, TurnInput } from './bots.ts'
import { EngineFailure } from './http.ts'
import { TypebotGone, continueChat, startChat, type TypebotAnswer } from './typebot.ts'
import { answerFor, choices, segments } from './typebot-map.ts'

const same = (text: string, keyword: string) => !!keyword.trim() && text.toLowerCase() === keyword.trim().toLowerCase()
const say = (body: string): BotOutput[] => (body.trim() ? [{ kind: 'text', body: body.trim() }] : [])

function turnOf(answer: TypebotAnswer, sessionId: string, first: BotOutput[]): Turn {
  const segs = segments(answer)
  if (first.length) {
    if (segs[0].waitMs === 0) segs[0].items.unshift(...first)
    else segs.unshift({ waitMs: 0, items: first })
  }
  const items = choices(answer)
  return { segments: segs, ended: !answer.input, sessionId, input: items ? { items } : null }
}

export const typebotEngine: Engine = async ({ session, integration, ticket, contact, message }: TurnInput) => {
  const text = message.body.trim()
  if (same(text, integration.typebotKeywordFinish)) return { segments: [], ended: true }
  const restart = same(text, integration.typebotKeywordRestart)
  const expired =
    integration.typebotExpires > 0 &&
    Date.now() - session.lastActivityAt.getTime() > integration.typebotExpires * 60_000

  const start = async (first: BotOutput[]) => {
    const answer = await startChat(integration.urlN8N, integration.typebotSlug, {
      number: contact.number,
      name: contact.name,
      pushName: contact.name,
      ticketId: String(ticket.id),
      companyId: String(ticket.companyId),
      contactId: String(contact.id),
      queueId: ticket.queueId ? String(ticket.queueId) : '',
    })
    return turnOf(answer, answer.sessionId, first)
  }

  if (!session.sessionId || session.status === 'closed' || expired || restart)
    return start(restart ? say(integration.typebotRestartMessage) : [])
  if (!text) return { segments: [], ended: false } // a media without caption: nothing to answer with
  try {
    const answer = await continueChat(integration.urlN8N, session.sessionId, answerFor(text, session.input?.items))
    return turnOf(answer, session.sessionId, [])
  } catch (err) {
    if (err instanceof TypebotGone) return start([])
    if (err instanceof EngineFailure && err.status >= 400 && err.status < 500)
      return { segments: [{ waitMs: 0, items: say(integration.typebotUnknownMessage) }], ended: false }
    throw err
  }
}
