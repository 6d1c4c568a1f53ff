import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, Nullable, Timestamp, errorResponses } from '@atende/sdk'
import { FlowEdge, FlowGraph, FlowNode } from './graph.ts'

export const NAME_MIN = 2
export const NAME_MAX = 50
const Name = Type.String({
  minLength: NAME_MIN,
  maxLength: NAME_MAX,
  description: `${NAME_MIN} to ${NAME_MAX} characters`,
})

/** A flow as lists answer it (without its graph). */
export const Flow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  active: Type.Boolean(),
  companyId: Type.Integer(),
  /** The published version new runs start on (null before the first save). */
  versionId: Nullable(Type.Integer()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Flow = Static<typeof Flow>

export const FlowsPage = ListResponse('flows', Flow)
export const FlowsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1 })),
})
/** GET /flowbuilder/list: every flow's id and name, for pickers (bounded, by name). */
export const FlowChoices = Type.Object({
  flows: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), active: Type.Boolean() })),
})
export const CreateFlowBody = Type.Object({ name: Name })
export const RenameFlowBody = Type.Object({ flowId: Type.Integer({ minimum: 1 }), name: Name })
export const DuplicateFlowBody = Type.Object({ flowId: Type.Integer({ minimum: 1 }) })

/** GET /flowbuilder/flow/{id}: the spec's `{ flow: { …, flow: { nodes, connections } | null } }`. */
export const FlowWithGraph = Type.Object({ flow: Type.Object({ ...Flow.properties, flow: Nullable(FlowGraph) }) })
export type FlowWithGraph = Static<typeof FlowWithGraph>
export const SaveGraphBody = Type.Object({
  idFlow: Type.Integer({ minimum: 1 }),
  nodes: Type.Array(FlowNode, { maxItems: 500 }),
  connections: Type.Array(FlowEdge, { maxItems: 2000 }),
})
export type SaveGraphBody = Static<typeof SaveGraphBody>

export const UploadResult = Type.Object({
  /** The stored name to put in the node's data (`url`, or a content element's `value`). */
  name: Type.String(),
  /** Every file of the request, in order (content uploads may send several). */
  names: Type.Array(Type.String()),
})

/** Phrase campaigns. */
export const FlowCampaign = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  flowId: Type.Integer(),
  whatsappId: Type.Integer(),
  phrase: Type.String(),
  status: Type.Boolean(),
  /** The names the list shows (the flow's; the connection's, null when it is gone). */
  flowName: Type.String(),
  whatsappName: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type FlowCampaign = Static<typeof FlowCampaign>
const campaignFields = {
  name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  flowId: Type.Integer({ minimum: 1 }),
  whatsappId: Type.Integer({ minimum: 1 }),
  phrase: Type.String({ minLength: 1, maxLength: 255 }),
}
export const CreateCampaignBody = Type.Object(campaignFields)
export type CreateCampaignBody = Static<typeof CreateCampaignBody>
export const UpdateCampaignBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  ...campaignFields,
  status: Type.Optional(Type.Boolean()),
})
export type UpdateCampaignBody = Static<typeof UpdateCampaignBody>

/** Sub-queue flows. */
const QueueRef = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })
export const SubFlowInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  targetQueueId: Type.Integer({ minimum: 1 }),
  welcomeMessage: Type.Optional(Type.String({ maxLength: 4096 })),
})
export const SubFlow = Type.Object({
  name: Type.String(),
  description: Type.String(),
  targetQueueId: Type.Integer(),
  welcomeMessage: Type.String(),
  targetQueue: Nullable(QueueRef),
})
export const QueueFlow = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  queueId: Type.Integer(),
  welcomeMessage: Type.String(),
  isActive: Type.Boolean(),
  queue: Nullable(QueueRef),
  subFlows: Type.Array(SubFlow),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type QueueFlow = Static<typeof QueueFlow>
export const QueueFlowBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  queueId: Type.Integer({ minimum: 1 }),
  welcomeMessage: Type.Optional(Type.String({ maxLength: 4096 })),
  isActive: Type.Optional(Type.Boolean()),
  subFlows: Type.Array(SubFlowInput, { maxItems: 30 }),
})
export type QueueFlowBody = Static<typeof QueueFlowBody>
export const CompanyParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }) })

export const errors = errorResponses(400, 403, 404)
