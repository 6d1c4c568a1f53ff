import type { RecordOwner } from './references.ts'
import type { Knex } from 'knex'
import type { FastifyBaseLogger } from 'fastify'
import type { EventBus, EventMap, EventName } from './events.ts'
import type { AccountsService } from './accounts.ts'
import type { StorageService } from './storage.ts'

export type Profile = 'admin' | 'user'

/** Who is calling; set by the kernel on every authenticated request. */
export interface AuthInfo {
  userId: number
  companyId: number
  profile: Profile
  super: boolean
  sessionId: string
}

export interface KernelConfig {
  mode: 'embedded' | 'production'
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  /** Namespace for Redis keys and channels, so several deployments (or test files) share one Redis. */
  redisPrefix: string
  jwtSecret: string
  jwtRefreshSecret: string
  /** ENCRYPTION_KEY: the key of the vault (tenants' secrets at rest); derived from jwtSecret when unset. */
  encryptionKey?: string
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  superuser: { cnpj: string; email: string; password: string; name: string }
  extraPlugins: string[]
  smtpUrl?: string
  mailFrom: string
  publicUrl: string
  /** Run job handlers in this process (false for API-only processes when workers run apart). */
  runJobs: boolean
  /** Realtime liveness (tests shorten them): ws ping every 18 s, userStatus every 60 s, offline after 2 min unseen. */
  realtimePingMs?: number
  userStatusMs?: number
  userOfflineAfterMs?: number
  /**
   * Socket caps of one process, 0 for none: a user's sockets (SOCKETS_PER_USER, 20; a new one closes
   * the oldest), an address's (SOCKETS_PER_ADDRESS, 100; a new one is refused), a socket's rooms
   * (SOCKET_ROOMS_MAX, 100).
   */
  socketsPerUser?: number
  socketsPerAddress?: number
  socketRoomsMax?: number
  /** Where stored media lives (MEDIA_DIR; default `<dataDir>/media`) and the default size limit (MEDIA_MAX_BYTES, 16 MiB). */
  mediaDir?: string
  mediaMaxBytes?: number
  /** MEDIA_FETCH_ALLOW_PRIVATE: storage.fromUrl may fetch loopback/private addresses (closed networks, tests). */
  mediaFetchAllowPrivate?: boolean
  /** TRUST_PROXY: the proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy: all, IPs/CIDRs, or a hop test); false by default. */
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean)
}

/**
 * A query builder factory bound to one company. `t('tags')` is `knex('tags').where('tags.companyId', id)`,
 * so reads, updates and deletes cannot forget the tenant; `t.insert` stamps companyId on every row.
 */
export interface TenantDb {
  // Knex's own signature for `knex(table)`, so rows type as they do without the tenant.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  <T extends {} = any>(table: string): Knex.QueryBuilder<T, any>
  readonly companyId: number
  insert<T extends object>(table: string, rows: T | T[]): Knex.QueryBuilder
  /**
   * Every id a body names must be a row of this company: throws 400 naming `field` (code
   * `ERR_INVALID_REFERENCE` unless given) when one is another company's or missing. Nulls are skipped.
   * Only for the calling plugin's own tables (a test holds it): another plugin's ids are asked of
   * that plugin (`assertKnown` with its service's `ownedBy`), the kernel's users of `accounts.members`.
   */
  assertOwned(
    table: string,
    ids: ReadonlyArray<number | null | undefined> | number | null | undefined,
    ref: { field: string; code?: string; message?: string },
  ): Promise<void>
  readonly knex: Knex
}

export interface UnitOfWork {
  db: Knex.Transaction
  t: TenantDb
  /** Queued; emitted only after the transaction commits. */
  emit<E extends EventName>(event: E, payload: EventMap[E]): void
}

export interface JobOptions {
  delay?: number
  /** Same jobId while a job is pending = added once. */
  jobId?: string
  repeat?: { every: number }
  attempts?: number
}
export interface JobContext {
  id: string
  attemptsMade: number
  name: string
}
export interface JobsService {
  define<T = unknown>(
    name: string,
    handler: (data: T, job: JobContext) => Promise<void>,
    opts?: { concurrency?: number },
  ): void
  add<T = unknown>(name: string, data: T, opts?: JobOptions): Promise<{ id: string }>
  /** Start consuming (the kernel calls it when this process runs jobs). */
  start(): Promise<void>
  close(): Promise<void>
}

/** A frame the realtime gateway sends: `{ event, data }` to every socket in `rooms`. */
export interface RealtimeDelivery {
  rooms: string[]
  event: string
  data: unknown
  /** Whose rooms (rooms are per company); defaults to the event payload's companyId. */
  companyId?: number
}
export type RealtimeMapped = RealtimeDelivery | RealtimeDelivery[] | null
export interface RealtimeService {
  /**
   * Map a bus event to socket deliveries; every process maps locally (for its own sockets), so
   * fan-out follows the bus. A mapper may be async (e.g. to read who may see the event); frames of
   * one company still go out in event order.
   */
  map<E extends EventName>(event: E, mapper: (payload: EventMap[E]) => RealtimeMapped | Promise<RealtimeMapped>): void
  /** Who may join a room: return false to refuse. Rooms `company-{id}` and `user-{id}` are the kernel's. */
  authorizeRoom(prefix: string, check: (auth: AuthInfo, room: string) => boolean | Promise<boolean>): void
  /**
   * Client messages `{"type": "join<Kind>" | "leave<Kind>", …}` that name a room in a plugin's words
   * (the tickets plugin's joinTickets {status} and joinChatBox {ticketId}). One plugin per kind;
   * the room still needs its authorizeRoom rule.
   */
  joinKind(kind: string, spec: JoinKind): void
  onlineUserIds(companyId: number): number[]
}

export interface JoinKind {
  /** The room the message names; an Error for a bad value (the client hears a validation error naming `room`). */
  room(msg: Record<string, unknown>): string | Error
  /** A plain `{"type": "join", "room": name}` in these words (name trimmed, lower case): its room, or null. */
  bare?(name: string): string | null
}

export interface PermissionRule {
  permission: string
  /** Profiles granted it; `super` users get every permission. */
  profiles: Profile[]
}
export interface PermissionsService {
  define(rules: PermissionRule[]): void
  of(auth: Pick<AuthInfo, 'profile' | 'super'>): string[]
  has(auth: Pick<AuthInfo, 'profile' | 'super'>, permission: string): boolean
}

export interface SettingDefinition {
  key: string
  /** Allowed values; the first is the default unless `default` says otherwise. */
  values: string[]
  default?: string
  /**
   * Set by the platform, never through PUT /settings by a company's own admin: the super user's
   * switches (campaignsEnabled) and what a plugin mirrors for the drawer (partsGranted). Readable as usual.
   */
  managed?: boolean
}
export interface SettingsService {
  define(defs: SettingDefinition[]): void
  definitions(): SettingDefinition[]
  get(companyId: number, key: string): Promise<string>
  all(companyId: number): Promise<{ key: string; value: string }[]>
  set(companyId: number, key: string, value: string): Promise<{ key: string; value: string }>
}

export interface MailService {
  send(msg: { to: string; subject: string; text: string; html?: string }): Promise<void>
}

/** Seals tenants' secrets (API keys, service accounts) for storage; `open` reverses it. Empty stays empty. */
export interface Vault {
  seal(plain: string): string
  /** Throws when the value was sealed under another key or altered. */
  open(sealed: string): string
}

/**
 * A service's name and type, declared once — by the plugin that provides it, in its `api.ts`
 * (`export type TicketsRef = ServiceRef<'tickets', TicketsService>`), or by a lower plugin for the
 * narrow port it reads of a higher one (`ServiceRef<'queues', QueuesForTickets>`). The registry takes
 * refs, not a caller-chosen type: `kernel.services.get<TicketsRef>('tickets')` names the service the
 * ref declares (another name does not compile) and returns the ref's type; `provide<TicketsRef>`
 * checks the implementation against it.
 */
export interface ServiceRef<N extends string = string, T = unknown> {
  readonly name: N
  readonly service: T
}

/** A plugin's ids asked of it by the plugins that hold them (`ownedBy`): the port every owner serves. */
export type OwnerRef<N extends string> = ServiceRef<N, RecordOwner>

export interface ServiceRegistry {
  provide<R extends ServiceRef>(name: R['name'], impl: R['service']): void
  get<R extends ServiceRef>(name: R['name']): R['service']
  /** A service that may be absent (its plugin not installed or loaded later): undefined then. */
  find<R extends ServiceRef>(name: R['name']): R['service'] | undefined
}

/** An installed plugin as the plan table and the shell see it. `key` is its plan-module key (planFlag or name). */
export interface ModuleInfo {
  name: string
  version: string
  key: string
  planFlag?: string
  toggleable: boolean
  /** Whether a plan without its own switch for the key has the module on (the manifest's planDefault). */
  enabledByDefault: boolean
  remoteEntry: string | null
  routes: string[]
  /** The pages among `routes` that need the campaigns switch (the manifest's cshowRoutes). */
  cshowRoutes: string[]
  /** Listed for an expired company's restricted session (the manifest's servesExpired). */
  servesExpired: boolean
}

export { PLAN_FLAGS, type PlanFlag } from './values.ts'

export interface Kernel {
  config: KernelConfig
  log: FastifyBaseLogger
  db: Knex
  tenant(companyId: number): TenantDb
  unitOfWork<R>(companyId: number, work: (uow: UnitOfWork) => Promise<R>): Promise<R>
  bus: EventBus
  jobs: JobsService
  realtime: RealtimeService
  permissions: PermissionsService
  settings: SettingsService
  mail: MailService
  auth: AuthService
  accounts: AccountsService
  services: ServiceRegistry
  /** Media and attachment files of every company (keys, signed URLs). */
  storage: StorageService
  vault: Vault
  /** Is the module (plugin name) enabled for the company's plan? */
  moduleEnabled(companyId: number, module: string): Promise<boolean>
  /**
   * Whether the company may be served: `disabled` (switched off by the super user, or gone),
   * `expired` (past its due date), `active`. The kernel checks it for every session; a plugin that
   * authenticates callers itself (integrators' API tokens) checks it too. Cached, dropped on
   * company.updated.
   */
  companyAccess(companyId: number): Promise<'active' | 'expired' | 'disabled'>
  /** Drop cached plan↔module answers (after a plan or company changes). */
  invalidatePlanCache(): void
  modules(): ModuleInfo[]
  /** Named readiness checks shown by GET /api/health (db, redis, …). */
  health: Map<string, () => Promise<'ok' | 'disabled' | 'error'>>
  /** Run when the app closes, in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void
}

export interface IssuedSession {
  sessionId: string
  accessToken: string
  /** Opaque; travels in an httpOnly cookie. */
  refreshToken: string
  refreshExpiresAt: Date
}
export interface SessionUser {
  id: number
  companyId: number
  profile: Profile
  super: boolean
}

/** Login sessions: short-lived access JWTs and rotating refresh tokens (one row per session). */
export interface AuthService {
  hashPassword(plain: string): Promise<string>
  verifyPassword(plain: string, hash: string): Promise<boolean>
  issue(user: SessionUser, meta?: { userAgent?: string; ip?: string }): Promise<IssuedSession>
  /**
   * Exchange a refresh token for a new pair; the old one stops working. Null when invalid. An
   * already rotated token presented again is theft: its session ends (every refresh and access token
   * of that login), the user is owed a SecurityNotice, and it throws AppError 401 (details.refreshReuse).
   */
  rotate(refreshToken: string): Promise<(IssuedSession & { userId: number }) | null>
  revoke(sessionId: string): Promise<void>
  /** End every session of the user except one (a new login ends the others). */
  revokeOthers(userId: number, companyId: number, keepSessionId: string | null): Promise<number>
  /**
   * Verify an access token and that its session is alive and belongs to the token's user and company
   * (checked on every call, cached session or not). Throws AppError 401 otherwise.
   */
  verifyAccess(token: string): Promise<AuthInfo>
  /** What the user must be told at sign-in (a session ended for theft), once: taking it clears it. */
  takeSecurityNotice(userId: number): Promise<SecurityNotice | null>
}

/** Told to a user at the next sign-in: `at` (ISO) is when the kernel ended the session. */
export interface SecurityNotice {
  code: 'SESSION_REVOKED_REUSE'
  at: string
}
