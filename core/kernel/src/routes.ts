import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ModuleMenuEntry } from './web.ts'
import type { Kernel } from '@atende/sdk'

const ModuleItem = Type.Object({
  name: Type.String(),
  version: Type.String(),
  key: Type.String(),
  planFlag: Type.Optional(Type.String()),
  remoteEntry: Type.Union([Type.String(), Type.Null()]),
  menu: Type.Optional(
    Type.Array(ModuleMenuEntry, {
      description: "The drawer items, drawn before the remote loads (its build's menu.json)",
    }),
  ),
  cshowRoutes: Type.Optional(
    Type.Array(Type.String(), { description: "Pages that exist only while the company's campaigns switch is on" }),
  ),
})

/** The kernel's own routes: health, the modules the caller's plan allows, the caller's permissions. */
export function registerKernelRoutes(
  root: FastifyInstance,
  kernel: Kernel,
  menuOf: (module: string) => ModuleMenuEntry[] | undefined = () => undefined,
  /** Whether a company is past its due date (expiry.ts): its session is restricted to renewing. */
  expired: (companyId: number) => Promise<boolean> = async () => false,
) {
  const restricted = async (auth: { companyId: number; super?: boolean }) =>
    !auth.super && (await expired(auth.companyId))
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['kernel'],
        summary: 'Readiness',
        response: { 200: Type.Record(Type.String(), Type.String()), 503: Type.Record(Type.String(), Type.String()) },
      },
    },
    async (_req, reply) => {
      const out: Record<string, string> = {}
      for (const [name, check] of kernel.health) out[name] = await check()
      const ok = Object.values(out).every((v) => v !== 'error')
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', ...out })
    },
  )

  app.get(
    '/api/modules',
    {
      // The shell's own boot: an expired company's admin still loads it to reach the billing pages.
      config: { allowExpired: true },
      schema: {
        tags: ['kernel'],
        summary: "Modules the caller's company may use",
        response: { 200: Type.Array(ModuleItem) },
      },
    },
    async (request) => {
      const out = []
      // An expired company's session gets only the modules that renew it (the manifest's servesExpired).
      const renewingOnly = await restricted(request.auth)
      for (const m of kernel.modules()) {
        if (!m.remoteEntry) continue
        if (renewingOnly && !m.servesExpired) continue
        if (m.toggleable && !(await kernel.moduleEnabled(request.auth.companyId, m.key))) continue
        out.push({
          name: m.name,
          version: m.version,
          key: m.key,
          planFlag: m.planFlag,
          remoteEntry: m.remoteEntry,
          menu: menuOf(m.name),
          ...(m.cshowRoutes.length ? { cshowRoutes: m.cshowRoutes } : {}),
        })
      }
      return out
    },
  )

  app.get(
    '/api/modules/denied',
    {
      // The shell's own boot: an expired company's admin still loads it to reach the billing pages.
      config: { allowExpired: true },
      schema: {
        tags: ['kernel'],
        summary: "Modules installed but switched off for the caller's plan, with the pages they serve",
        response: {
          200: Type.Array(Type.Object({ name: Type.String(), key: Type.String(), routes: Type.Array(Type.String()) })),
        },
      },
    },
    async (request) => {
      const out: Array<{ name: string; key: string; routes: string[] }> = []
      // A restricted session's other pages are not the plan's doing: the shell sends them to billing.
      if (await restricted(request.auth)) return out
      for (const m of kernel.modules()) {
        if (!m.remoteEntry || !m.toggleable) continue
        if (!(await kernel.moduleEnabled(request.auth.companyId, m.key)))
          out.push({ name: m.name, key: m.key, routes: m.routes })
      }
      return out
    },
  )

  app.get(
    '/api/permissions',
    {
      // The shell's own boot: an expired company's admin still loads it to reach the billing pages.
      config: { allowExpired: true },
      schema: {
        tags: ['kernel'],
        summary: "The caller's named permissions",
        response: { 200: Type.Object({ permissions: Type.Array(Type.String()) }) },
      },
    },
    async (request) => ({ permissions: kernel.permissions.of(request.auth) }),
  )
}
