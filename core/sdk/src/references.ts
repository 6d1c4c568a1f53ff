import { AppError } from './errors.ts'
import type { TenantDb, UnitOfWork } from './kernel.ts'

export const ERR_INVALID_REFERENCE = 'ERR_INVALID_REFERENCE'

/**
 * What a plugin answers about ids of its records: those of them the company has. Inside a unit of
 * work, pass it: the answer is read through its transaction (embedded mode has one connection).
 */
export type OwnedBy = (companyId: number, ids: number[], uow?: UnitOfWork) => Promise<Iterable<number>>

export interface ReferenceRef {
  field: string
  code?: string
  message?: string
}

/** The distinct ids a body names (nulls dropped). */
export const namedIds = (ids: ReadonlyArray<number | null | undefined> | number | null | undefined) => [
  ...new Set((Array.isArray(ids) ? ids : [ids]).filter((v): v is number => v != null)),
]

export const invalidReference = (ref: ReferenceRef) =>
  new AppError(
    ref.code ?? ERR_INVALID_REFERENCE,
    400,
    ref.message ?? `${ref.field} names a record that does not exist`,
    {
      field: ref.field,
    },
  )

/**
 * The ids a body names are the company's records of another plugin, as that plugin answers
 * (`ownedBy`, from its service; undefined when it is not installed, so nothing can be named).
 * A 400 naming the field otherwise — the answer `TenantDb.assertOwned` gives for a plugin's own
 * tables. A plugin never reads another's table to check: it asks the owner.
 */
export async function assertKnown(
  companyId: number,
  ids: ReadonlyArray<number | null | undefined> | number | null | undefined,
  ownedBy: OwnedBy | undefined,
  ref: ReferenceRef,
  uow?: UnitOfWork,
): Promise<void> {
  const wanted = namedIds(ids)
  if (!wanted.length) return
  if (!ownedBy || wanted.some((v) => !Number.isSafeInteger(v) || v <= 0 || v > 2_147_483_647))
    throw invalidReference(ref)
  const found = new Set(await ownedBy(companyId, wanted, uow))
  if (wanted.some((id) => !found.has(id))) throw invalidReference(ref)
}

/**
 * What a plugin's service offers so others can check ids of its records without reading its table.
 * A lower plugin that checks ids of a higher one's records finds it by service name and this type
 * alone (`kernel.services.find<OwnerRef<'queues'>>('queues')`), declared `optional` in its manifest.
 */
export interface RecordOwner {
  ownedBy: OwnedBy
}

/** `ownedBy` over one of the calling plugin's own tables (its `id` column). */
export const ownedRows =
  (tenant: (companyId: number) => TenantDb, table: string): OwnedBy =>
  (companyId, ids, uow) =>
    (uow && uow.t.companyId === companyId ? uow.t : tenant(companyId))(table).whereIn('id', ids).pluck('id')
