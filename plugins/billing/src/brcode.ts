/**
 * Static Pix BR Code (EMV® MPM) as the Banco Central's "Manual de Padrões para Iniciação do Pix"
 * lays it out: TLV fields `ID(2) LEN(2) VALUE`, ASCII only (accents stripped) so lengths count bytes,
 * CRC16-CCITT-FALSE over everything up to and including `6304`. Pure: no I/O.
 */

export interface BrCodeInput {
  /** The receiver's Pix key: CPF/CNPJ digits, e-mail, +55 phone or random (EVP) key. */
  pixKey: string
  merchantName: string
  merchantCity: string
  /** BRL; omitted: the payer types the amount. */
  amount?: number
  /** Field 62-05: up to 25 letters/digits; empty: `***` (none). */
  txid?: string
  /** Field 26-02: free text for the payer (optional). */
  description?: string
}

export const NAME_MAX = 25
export const CITY_MAX = 15
export const TXID_MAX = 25

/** Strips accents and anything outside printable ASCII, collapses spaces, trims, cuts to `max`. */
export function asciiField(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** One TLV field; throws when the value does not fit a two-digit length. */
export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor; 4 uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** A txid the static code accepts: letters and digits only, at most 25; `***` when empty. */
export function normaliseTxid(txid: string | undefined): string {
  const clean = (txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, TXID_MAX)
  return clean || '***'
}

export function brCode(input: BrCodeInput): string {
  const key = input.pixKey.trim()
  if (!key) throw new Error('A Pix key is required')
  const name = asciiField(input.merchantName, NAME_MAX)
  const city = asciiField(input.merchantCity, CITY_MAX)
  if (!name || !city) throw new Error('The merchant name and city are required')
  const description = input.description ? asciiField(input.description, 72) : ''
  const account = tlv('00', 'br.gov.bcb.pix') + tlv('01', key) + (description ? tlv('02', description) : '')
  if (input.amount !== undefined && !(Number.isFinite(input.amount) && input.amount > 0))
    throw new Error('The amount must be a positive number')
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amount !== undefined ? tlv('54', input.amount.toFixed(2)) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', normaliseTxid(input.txid))) +
    '6304'
  return body + crc16(body)
}
