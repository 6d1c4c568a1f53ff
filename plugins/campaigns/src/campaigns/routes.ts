import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, badRequest, type Kernel } from '@atende/sdk'
import { CampaignBody, CampaignsPage, CampaignsQuery, SettingsBody, SettingsList, errors } from './schemas.ts'
import type { CampaignService } from './service.ts'
import type { CampaignSettingsService } from './settings.ts'
import { Campaign } from './wire.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['campaigns']
const admin = { admin: true }
/** A campaign's attachment: what WhatsApp sends as media (16 MB at most). */
const MEDIA_MAX_BYTES = 16 * 1024 * 1024

/** Campaigns and their settings under /api, for admins. */
export function registerCampaignRoutes(
  root: FastifyInstance,
  kernel: Kernel,
  service: CampaignService,
  settings: CampaignSettingsService,
) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const one = { config: admin, schema: { tags, params: IdParams, response: { 200: Campaign, ...errors } } }
  app.get(
    '/campaigns',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Campaigns by name, a page at a time',
        querystring: CampaignsQuery,
        response: { 200: CampaignsPage, ...errors },
      },
    },
    async (req) => service.page(req.auth.companyId, req.query.searchParam, req.query.pageNumber),
  )
  app.get(
    '/campaigns/:id',
    { ...one, schema: { ...one.schema, summary: 'One campaign with its counters' } },
    async (req) => service.get(req.auth.companyId, req.params.id),
  )
  app.post(
    '/campaigns',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a campaign (scheduled when scheduledAt is given)',
        body: CampaignBody,
        response: { 200: Campaign, ...errors },
      },
    },
    async (req) => service.create(req.auth.companyId, req.body),
  )
  app.put(
    '/campaigns/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a campaign (409 ERR_CAMPAIGN_NOT_EDITABLE once it runs or starts within an hour)',
        params: IdParams,
        body: CampaignBody,
        response: { 200: Campaign, ...errors },
      },
    },
    async (req) => service.update(req.auth.companyId, req.params.id, req.body),
  )
  app.delete(
    '/campaigns/:id',
    {
      config: admin,
      schema: { tags, summary: 'Delete a campaign', params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (req) => {
      await service.remove(req.auth.companyId, req.params.id)
      return { message: 'Campaign deleted' }
    },
  )
  app.post(
    '/campaigns/:id/start',
    {
      ...one,
      schema: {
        ...one.schema,
        summary:
          'Start a draft or scheduled campaign now (400 naming what it lacks; 409 ERR_CAMPAIGN_NOT_STARTABLE otherwise)',
      },
    },
    async (req) => service.start(req.auth.companyId, req.params.id),
  )
  app.post(
    '/campaigns/:id/cancel',
    { ...one, schema: { ...one.schema, summary: 'Stop a running or scheduled campaign' } },
    async (req) => service.cancel(req.auth.companyId, req.params.id),
  )
  app.post(
    '/campaigns/:id/restart',
    { ...one, schema: { ...one.schema, summary: 'Go on with a cancelled campaign where it stopped' } },
    async (req) => service.restart(req.auth.companyId, req.params.id),
  )
  app.post(
    '/campaigns/:id/media-upload',
    { ...one, schema: { ...one.schema, summary: 'Attach a file (multipart `file`) sent with every message' } },
    async (req) => {
      const { companyId } = req.auth
      await service.find(companyId, req.params.id)
      const file = await req.file()
      if (!file) throw badRequest('file', 'Send the file in the field "file"')
      const stored = await kernel.storage.put(companyId, {
        data: file.file,
        fileName: file.filename,
        mimetype: file.mimetype,
        maxBytes: MEDIA_MAX_BYTES,
        area: 'campaigns',
      })
      try {
        return await service.setMedia(companyId, req.params.id, { key: stored.key, fileName: stored.fileName })
      } catch (err) {
        await kernel.storage.remove(stored.key).catch(() => {})
        throw err
      }
    },
  )
  app.delete(
    '/campaigns/:id/media-upload',
    { ...one, schema: { ...one.schema, summary: "Remove the campaign's file" } },
    async (req) => service.setMedia(req.auth.companyId, req.params.id, null),
  )
  app.get(
    '/campaign-settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Campaign settings: key and JSON value, defaults included',
        response: { 200: SettingsList, ...errors },
      },
    },
    async (req) => settings.list(req.auth.companyId),
  )
  app.post(
    '/campaign-settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Save campaign settings (duplicate variable keys are ignored)',
        body: SettingsBody,
        response: { 200: SettingsList, ...errors },
      },
    },
    async (req) => settings.save(req.auth.companyId, req.body.settings),
  )
}
