/**
 * The flows plugin's published contract, version 1: the wire types of its routes (for the flows
 * module) and the `flows` service other plugins may use (the integrations' `flowbuilder` type starts
 * a flow on a ticket). Types only: `import type { … } from '@atende/plugin-flows/api'`.
 */
import type { Static } from '@sinclair/typebox'
import type { ContentElement, FlowEdge, FlowGraph, FlowNode, NodeType } from './graph.ts'
import type { Flow, FlowCampaign, FlowChoices, FlowWithGraph, QueueFlow, QueueFlowBody } from './schemas.ts'
import type { ServiceRef } from '@atende/sdk'

export type { ContentElement, FlowEdge, FlowGraph, FlowNode, NodeType }
export type FlowWire = Static<typeof Flow>
export type FlowWithGraphWire = Static<typeof FlowWithGraph>
/** One entry of GET /flowbuilder/list. */
export type FlowChoiceWire = Static<typeof FlowChoices>['flows'][number]
export type FlowCampaignWire = Static<typeof FlowCampaign>
export type QueueFlowWire = Static<typeof QueueFlow>
export type QueueFlowInput = Static<typeof QueueFlowBody>

export interface FlowsService {
  readonly version: 1
  /**
   * Start a company's flow (its published version) on a ticket waiting with nobody on it. False
   * when the flow is not active or saved, or the ticket already runs a flow.
   */
  start(companyId: number, ticket: { id: number; whatsappId: number }, flowId: number): Promise<boolean>
  /** Is this one of the company's flows? */
  exists(companyId: number, flowId: number): Promise<boolean>
  /** Is a flow running on the ticket? */
  running(companyId: number, ticketId: number): Promise<boolean>
  /** Ends the waits that are due by `at` (the sweep job's work; a test passes a clock ahead). Returns how many. */
  sweep(at?: Date): Promise<number>
}

/**
 * An outside engine a flow's typebot or openai node hands the conversation to, with the node's
 * settings (its dialog's values; keys sealed with the kernel vault). Other plugins provide it as
 * the services `flowEngine.typebot` (integrations) and `flowEngine.openai` (prompts); the flows
 * engine looks it up when a run reaches the node, after its messages are stored. False (or no
 * provider) leaves the ticket to people, with a note.
 */
export interface FlowNodeEngine {
  readonly version: 1
  adopt(
    companyId: number,
    handoff: { ticketId: number; flowId: number | null; nodeId: string; settings: Record<string, unknown> },
  ): Promise<boolean>
}

/** The `flows` service: `kernel.services.get<FlowsRef>('flows')`. */
export type FlowsRef = ServiceRef<'flows', FlowsService>

/** A node engine a plugin serves as `flowEngine.<engine>` (typebot, openai): the flow hands a node over to it. */
export type FlowEngineRef = ServiceRef<`flowEngine.${string}`, FlowNodeEngine>
