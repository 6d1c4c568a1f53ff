import type { Knex } from 'knex'
import type { ServiceRef } from '@atende/sdk'

/** A company as billing needs it: who to bill, on which plan, until when and how often. */
export interface BillingAccount {
  id: number
  name: string
  email: string | null
  cnpj: string
  status: boolean
  /** ISO date-time, or null when the company has no due date (never billed). */
  dueDate: string | null
  recurrence: string
  plan: { id: number; name: string; value: number } | null
}

/**
 * `kernel.services.get<CompaniesBillingRef>('companies.billing')`: the companies plugin's
 * published read and renewal of the due date, so a billing plugin never writes the companies table.
 */
export interface CompaniesBillingService {
  account(companyId: number, trx?: Knex.Transaction): Promise<BillingAccount | undefined>
  /** Companies with a due date, by id after `afterId` (a cursor), `limit` at a time. */
  accounts(afterId: number, limit: number): Promise<BillingAccount[]>
  /**
   * Moves the due date forward by the recurrence from the later of now and the current due date,
   * inside the caller's transaction (row locked), and switches to `change.planId` when a paid
   * invoice chose another plan. Emits nothing: the caller announces after its commit.
   */
  renew(companyId: number, trx: Knex.Transaction, change?: { planId?: number | null }): Promise<BillingAccount>
  /**
   * A plan as billing charges it (a checkout may choose another plan); undefined when there is none.
   * `isPublic`: offered to every company (only those, or a company's own plan, may be bought).
   */
  plan(
    planId: number,
    trx?: Knex.Transaction,
  ): Promise<{ id: number; name: string; value: number; isPublic: boolean } | undefined>
  /** Names of the given companies (the super user's invoice list). */
  names(ids: number[]): Promise<Map<number, string>>
  /** Ids of companies whose name contains `term` (case-insensitive), at most `limit`. */
  idsNamed(term: string, limit: number): Promise<number[]>
  /** Announce a company change (company.updated) after the caller's commit. */
  announce(companyId: number): Promise<void>
}

/** The `companies.billing` service: `kernel.services.get<CompaniesBillingRef>('companies.billing')`. */
export type CompaniesBillingRef = ServiceRef<'companies.billing', CompaniesBillingService>
