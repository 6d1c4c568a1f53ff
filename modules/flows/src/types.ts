/**
 * The flows screens' data: the plugin's published wire types (plugins/flows/src/api.ts) and the
 * node data each node type carries (the plugin's graph.ts checks
 * the same shapes on save). Types only.
 */
import type {
  ContentElement,
  FlowCampaignWire,
  FlowEdge,
  FlowGraph,
  FlowNode,
  FlowChoiceWire,
  FlowWire,
  FlowWithGraphWire,
  NodeType,
  QueueFlowInput,
  QueueFlowWire,
} from '@atende/plugin-flows/api'
import type { ConnectionWire } from '@atende/plugin-connections/api'

export type {
  ContentElement,
  FlowCampaignWire,
  FlowChoiceWire,
  FlowEdge,
  FlowGraph,
  FlowNode,
  FlowWire,
  FlowWithGraphWire,
  NodeType,
  QueueFlowInput,
  QueueFlowWire,
  ConnectionWire,
}

export interface MenuOption {
  number: number
  value: string
}
export type Condition = 'equals' | 'contains' | 'greater' | 'less'

export interface TypebotData {
  name: string
  projectName: string
  urlN8N: string
  typebotSlug: string
  typebotExpires: number
  typebotDelayMessage: number
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotUnknownMessage: string
  typebotRestartMessage: string
}

export interface OpenAiData {
  name: string
  projectName: string
  apiKey: string
  prompt: string
  voice: string
  voiceKey: string
  voiceRegion: string
  temperature: number
  maxTokens: number
  maxMessages: number
  queueId: number | null
  /** Read back only: the server keeps the keys sealed and answers them empty with these flags. */
  apiKeySet?: boolean
  voiceKeySet?: boolean
}

/** Each node type's `data` as the editor writes it. */
export interface NodeDataMap {
  start: { label?: string }
  message: { label: string }
  menu: { message: string; arrayOption: MenuOption[] }
  interval: { label?: string; sec: number }
  img: { url: string }
  audio: { url: string; record?: boolean }
  video: { url: string }
  randomizer: { percent: number }
  question: { typebotIntegration: { message: string; answerKey: string } }
  condition: { key: string; condition: Condition; value: string }
  singleBlock: { seq: string[]; elements: ContentElement[] }
  ticket: { queue: { id: number; name?: string } }
  typebot: { typebotIntegration: Partial<TypebotData> }
  openai: { typebotIntegration: Partial<OpenAiData> }
}

/** A queue as GET /api/queue-flow/queues/{companyId} answers it. */
export interface QueueRef {
  id: number
  name: string
  color: string
}
