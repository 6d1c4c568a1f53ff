/**
 * The columns a Contact is read with. The table also holds `searchName` (002's generated search
 * key), which is not part of the published Contact: select these rather than `*`.
 */
export const CONTACT_COLUMNS = [
  'id',
  'companyId',
  'name',
  'number',
  'lid',
  'email',
  'cnpj',
  'custumerCode',
  'companyName',
  'profilePicUrl',
  'isGroup',
  'userId',
  'whatsappId',
  'createdAt',
  'updatedAt',
] as const

/** The same, qualified by a table alias (joins). */
export const contactColumns = (alias: string) => CONTACT_COLUMNS.map((c) => `${alias}.${c}`)
