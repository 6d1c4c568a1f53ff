import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, MessageResponse, type Kernel } from '@atende/sdk'
import type { CampaignService } from './campaigns.ts'
import type { QueueFlowService } from './queue-flows.ts'
import {
  CompanyParams,
  CreateCampaignBody,
  CreateFlowBody,
  DuplicateFlowBody,
  Flow,
  FlowCampaign,
  FlowChoices,
  FlowWithGraph,
  FlowsPage,
  FlowsQuery,
  QueueFlow,
  QueueFlowBody,
  RenameFlowBody,
  SaveGraphBody,
  UpdateCampaignBody,
  UploadResult,
  errors,
} from './schemas.ts'
import type { FlowService } from './service.ts'
import { storeUploads, type UploadKind } from './uploads.ts'

const admin = { admin: true }

/**
 * The flows routes under /api ("Sub-queue flows"). Admins build
 * flows (company admins manage flows); deleting a phrase campaign follows the contacts page's
 * delete permission, as the spec gates it.
 */
export function registerFlowRoutes(
  root: FastifyInstance,
  kernel: Kernel,
  deps: { flows: FlowService; campaigns: CampaignService; queueFlows: QueueFlowService },
) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const { flows, campaigns, queueFlows } = deps
  const tags = ['flows']

  app.get(
    '/flowbuilder',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Flows by name, searchable, a page at a time',
        querystring: FlowsQuery,
        response: { 200: FlowsPage, ...errors },
      },
    },
    async (req) => flows.page(req.auth.companyId, req.query.searchParam, req.query.pageNumber),
  )
  app.get(
    '/flowbuilder/list',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every flow’s id and name, for pickers (at most 1000, by name)',
        response: { 200: FlowChoices, ...errors },
      },
    },
    async (req) => flows.choices(req.auth.companyId),
  )
  app.post(
    '/flowbuilder',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a flow (empty until its first save)',
        body: CreateFlowBody,
        response: { 200: Flow, ...errors },
      },
    },
    async (req) => flows.create(req.auth.companyId, req.body.name),
  )
  app.put(
    '/flowbuilder',
    {
      config: admin,
      schema: { tags, summary: 'Rename a flow', body: RenameFlowBody, response: { 200: Flow, ...errors } },
    },
    async (req) => flows.rename(req.auth.companyId, req.body.flowId, req.body.name),
  )
  app.delete(
    '/flowbuilder/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a flow; conversations inside it finish on the version they started',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await flows.remove(req.auth.companyId, req.params.id)
      return { message: 'Flow deleted' }
    },
  )
  app.post(
    '/flowbuilder/duplicate',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Copy a flow and its graph',
        body: DuplicateFlowBody,
        response: { 200: Flow, ...errors },
      },
    },
    async (req) => flows.duplicate(req.auth.companyId, req.body.flowId),
  )
  app.get(
    '/flowbuilder/flow/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A flow with its graph (null before its first save)',
        params: IdParams,
        response: { 200: FlowWithGraph, ...errors },
      },
    },
    async (req) => flows.withGraph(req.auth.companyId, req.params.id),
  )
  app.post(
    '/flowbuilder/flow',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Save a flow: validated, then published as the version new conversations run',
        description:
          'A graph that breaks a rule is refused whole with 400 ERR_FLOW_INVALID; `field` names the node (nodes.<id>) or edge (connections.<i>), `rule` the rule, and `problems` lists them all.',
        body: SaveGraphBody,
        response: { 200: Flow, ...errors },
      },
    },
    async (req) => flows.saveGraph(req.auth.companyId, req.body),
  )
  for (const kind of ['img', 'audio', 'content'] as UploadKind[])
    app.post(
      `/flowbuilder/${kind}`,
      {
        config: admin,
        schema: {
          tags,
          summary: `Upload the ${kind} dialog's files (multipart field medias); answers their stored names`,
          consumes: ['multipart/form-data'],
          response: { 200: UploadResult, ...errors },
        },
      },
      async (req) => {
        const names = await storeUploads(kernel, req, kind)
        return { name: names[0], names }
      },
    )

  app.get(
    '/flowcampaign',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Phrase campaigns by name',
        response: { 200: Type.Object({ flow: Type.Array(FlowCampaign) }), ...errors },
      },
    },
    async (req) => ({ flow: await campaigns.list(req.auth.companyId) }),
  )
  app.get(
    '/flowcampaign/:id',
    {
      config: admin,
      schema: { tags, summary: 'One phrase campaign', params: IdParams, response: { 200: FlowCampaign, ...errors } },
    },
    async (req) => campaigns.get(req.auth.companyId, req.params.id),
  )
  app.post(
    '/flowcampaign',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a phrase campaign',
        body: CreateCampaignBody,
        response: { 200: FlowCampaign, ...errors },
      },
    },
    async (req) => campaigns.create(req.auth.companyId, req.body),
  )
  app.put(
    '/flowcampaign',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a phrase campaign (or switch it)',
        body: UpdateCampaignBody,
        response: { 200: FlowCampaign, ...errors },
      },
    },
    async (req) => campaigns.update(req.auth.companyId, req.body),
  )
  app.delete(
    '/flowcampaign/:id',
    {
      config: { permission: 'contacts-page:deleteContact' },
      schema: {
        tags,
        summary: 'Delete a phrase campaign',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await campaigns.remove(req.auth.companyId, req.params.id)
      return { message: 'Phrase campaign deleted' }
    },
  )

  app.get(
    '/queue-flow/sub-flows/company/:companyId',
    {
      config: admin,
      schema: {
        tags,
        summary: "The company's sub-queue flows (only the caller's own company)",
        params: CompanyParams,
        response: { 200: Type.Array(QueueFlow), ...errors },
      },
    },
    async (req) => {
      queueFlows.assertOwn(req.auth, req.params.companyId)
      return queueFlows.list(req.auth.companyId)
    },
  )
  app.get(
    '/queue-flow/queues/:companyId',
    {
      config: admin,
      schema: {
        tags,
        summary: "The company's queues for the sub-queue flow dialog (only the caller's own company)",
        params: CompanyParams,
        response: {
          200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })),
          ...errors,
        },
      },
    },
    async (req) => {
      queueFlows.assertOwn(req.auth, req.params.companyId)
      return queueFlows.queues(req.auth.companyId)
    },
  )
  app.post(
    '/queue-flow/sub-flows/company/:companyId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a sub-queue flow',
        params: CompanyParams,
        body: QueueFlowBody,
        response: { 200: QueueFlow, ...errors },
      },
    },
    async (req) => {
      queueFlows.assertOwn(req.auth, req.params.companyId)
      return queueFlows.create(req.auth.companyId, req.body)
    },
  )
  app.put(
    '/queue-flow/sub-flows/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a sub-queue flow (also its Ativo/Inativo switch)',
        params: IdParams,
        body: QueueFlowBody,
        response: { 200: QueueFlow, ...errors },
      },
    },
    async (req) => queueFlows.update(req.auth.companyId, req.params.id, req.body),
  )
  app.delete(
    '/queue-flow/sub-flows/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a sub-queue flow',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await queueFlows.remove(req.auth.companyId, req.params.id)
      return { message: 'Queue flow deleted' }
    },
  )
}
