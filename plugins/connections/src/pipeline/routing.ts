/**
 * The routing chain: the extension point later plugins fill (queues' chatbot, flows, integrations,
 * AI prompts, DDD routing). Each registers a step with an order; after a batch commits, every new
 * customer message runs through the steps in order until one says it handled the message. With no
 * step registered the ticket simply stays pending with no queue.
 *
 * Published as the `inbound` service: `kernel.services.get<InboundRef>('inbound').register(step)`.
 */
import type { Contact } from '@atende/plugin-contacts/api'
import type { Message, Ticket } from '@atende/plugin-tickets/api'
import type { ServiceRef } from '@atende/sdk'

export interface RoutingContext {
  companyId: number
  whatsapp: { id: number; name: string; provider: string }
  ticket: Ticket
  contact: Contact
  message: Message
  isNewTicket: boolean
  /** Answer the customer on this ticket as the bot (stored, then sent through the connection's queue). */
  reply(body: string): Promise<Message>
}

export interface RoutingStep {
  name: string
  /** Lower runs first. Suggested bands: 100 DDD routing, 200 integrations/flows, 300 prompts, 400 queue chatbot. */
  order: number
  /** Return true when the message is handled and later steps must not see it. */
  run(ctx: RoutingContext): Promise<boolean | void>
}

export interface InboundRouting {
  readonly version: 1
  register(step: RoutingStep): void
  steps(): readonly RoutingStep[]
}

export function createRouting(log: {
  error: (o: object, msg: string) => void
}): InboundRouting & { route(ctx: RoutingContext): Promise<void> } {
  const steps: RoutingStep[] = []
  return {
    version: 1,
    register(step) {
      if (steps.some((s) => s.name === step.name)) throw new Error(`Routing step "${step.name}" is registered twice`)
      steps.push(step)
      steps.sort((a, b) => a.order - b.order)
    },
    steps: () => steps,
    /** A failing step is logged and the chain stops for that message: the ticket stays where it is. */
    async route(ctx) {
      for (const step of steps) {
        try {
          if (await step.run(ctx)) return
        } catch (err) {
          log.error({ err, step: step.name, ticketId: ctx.ticket.id }, 'routing step failed')
          return
        }
      }
    },
  }
}

/** The `inbound` service: `kernel.services.get<InboundRef>('inbound')`. */
export type InboundRef = ServiceRef<'inbound', InboundRouting>
