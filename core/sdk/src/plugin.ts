import type { FastifyInstance } from 'fastify'
import type { TObject } from '@sinclair/typebox'
import type { Kernel, PermissionRule, SettingDefinition } from './kernel.ts'

export interface PluginManifest {
  /** Unique; also the module name and the event namespace. */
  name: string
  version: string
  /** Semver range of the kernel it works with, e.g. '^1.0.0'. */
  host?: string
  /** Plan module flag: when the company's plan lacks it, every route answers 403 ERR_PLAN_FEATURE_DISABLED. */
  planFlag?: string
  /**
   * Whether plans have the module on until the super user switches it (default 'on'). 'off': every
   * plan without its own switch for the key — existing ones and those made later — has it off, so a
   * vendor can sell the module on chosen plans. Plugins sharing a key must agree.
   */
  planDefault?: 'on' | 'off'
  dependsOn?: string[]
  /**
   * The services (kernel.services) this plugin publishes and uses, checked by the kernel: a
   * `requires` no installed plugin `provides` stops startup; using or publishing a name not declared
   * here throws, so no dependency stays hidden. `optional` ones may be absent (find() is undefined).
   */
  services?: { provides?: string[]; requires?: string[]; optional?: string[] }
  /**
   * The bus events this plugin emits and listens to (`bus.on`, `realtime.map`; '*' for `onAny`),
   * the kernel's own events aside (KERNEL_EVENTS). Checked by the kernel: a listened event no
   * installed plugin emits stops startup unless it is `optional` (its plugin may be absent);
   * emitting or listening to an undeclared event throws, so no link stays hidden.
   */
  events?: { emits?: string[]; listens?: string[]; optional?: string[] }
  /** Named permissions this plugin checks, with the profiles granted each. */
  permissions?: PermissionRule[]
  /** Company settings this plugin reads, with their allowed values and default. */
  settings?: SettingDefinition[]
  /**
   * Fields this plugin adds to every user view (GET /users/me, sign-in …), e.g. the tickets
   * plugin's queueIds: their schema joins the kernel's UserView at boot, and the plugin's
   * register() supplies them with `kernel.accounts.extendViews(name, load)`.
   */
  userFields?: TObject
  /** Folder of knex migration files (`.ts`/`.js` exporting up and down), owned by this plugin only. */
  migrations?: URL | string
  /** Where the plugin's routes live under /api; '' mounts at /api itself. */
  prefix?: string
  /** True when a React module of the same name exists for the shell to load. */
  module?: boolean
  /**
   * The folder of the module's built remote (remoteEntry.js, menu.json, assets) inside the plugin's
   * own package, served at /modules/<name>/ instead of the workspace's modules/<name>/dist. Implies
   * `module`. A URL or an absolute path, e.g. `new URL('../dist/module/', import.meta.url)`.
   */
  moduleDir?: URL | string
  /**
   * The page paths the module serves (default `/<name>`): when the plan switches the module off,
   * the shell answers these with the no-permission message instead of "not found".
   */
  moduleRoutes?: string[]
  /**
   * Of those, the pages that exist only while the company's campaigns switch is on (the setting
   * `campaignsEnabled`, kept in the browser as the `cshow` flag): without it the shell answers them
   * with the no-permission message. The module's pages check the flag themselves too.
   */
  cshowRoutes?: string[]
  /** Part of the platform itself (auth, companies, plans, settings): never gated by a plan. */
  essential?: boolean
  /**
   * The module stays in the shell of a company past its due date, whose admin's session answers
   * only `allowExpired` routes (402 PLAN_EXPIRED elsewhere): the pages that let it renew (billing).
   * Every other module is left out of that session's GET /api/modules.
   */
  servesExpired?: boolean
  register(app: FastifyInstance, kernel: Kernel): Promise<void> | void
}

export interface DefinedPlugin extends PluginManifest {
  readonly __atendePlugin: true
}

export function definePlugin(manifest: PluginManifest): DefinedPlugin {
  return { ...manifest, __atendePlugin: true }
}

export function isDefinedPlugin(x: unknown): x is DefinedPlugin {
  return typeof x === 'object' && x !== null && (x as DefinedPlugin).__atendePlugin === true
}
