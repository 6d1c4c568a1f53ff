/**
 * The one canonical form of a phone number per company, shared by the contacts screen and the
 * inbound pipeline (so "+55 (47) 9999-9999", "5547999999999" and the pre-2016 eight-digit mobile
 * that WhatsApp still reports resolve to one contact):
 * - digits only; a leading international "00" dropped;
 * - a Brazilian number without its country code (area code + 8-digit landline, or + 9-digit
 *   mobile starting with 9) gets 55 in front — other lengths are taken as already international;
 * - a Brazilian mobile written without its ninth digit (55 + area + 8 digits starting 6-9) gets it.
 * Group ids are not phone numbers and are kept as given (digits and '-').
 */
export function normaliseNumber(raw: string, opts: { isGroup?: boolean } = {}): string {
  if (opts.isGroup) return raw.replace(/[^0-9-]/g, '')
  let d = raw.replace(/\D/g, '')
  if (d.startsWith('00')) d = d.slice(2)
  const national = (d.length === 10 || (d.length === 11 && d[2] === '9')) && /^[1-9][1-9]/.test(d)
  if (national) d = `55${d}`
  if (d.length === 12 && d.startsWith('55') && /[6-9]/.test(d[4])) d = `${d.slice(0, 4)}9${d.slice(4)}`
  return d
}
