/** vCard 3.0 escaping of a text value (backslash, comma, semicolon, newlines). */
const esc = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/[,;]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n')
const unesc = (s: string) => s.replace(/\\n/g, '\n').replace(/\\([\\,;])/g, '$1')

/**
 * The contact card we send and store (a 'vcard' message's body): WhatsApp shows its "message"
 * button because the waid on TEL is the WhatsApp id.
 */
export function vcard(name: string, number: string) {
  const digits = number.replace(/\D/g, '')
  const n = esc(name.trim() || `+${digits}`)
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${n};;;`,
    `FN:${n}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n')
}

/** Name and WhatsApp number of a card; undefined without a waid. */
export function parseVcard(body: string) {
  const name = unesc(/^FN:(.*)$/m.exec(body)?.[1] ?? '')
  const number = /waid=(\d+)/.exec(body)?.[1] ?? ''
  return number ? { name, number } : undefined
}
