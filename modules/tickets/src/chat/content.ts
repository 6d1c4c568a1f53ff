/** Reading special message bodies (unit-tested): locations and contact cards. */

/**
 * A location's map link: the body holds a maps URL, or "lat,lng" (then the place's name and
 * address on their own lines, as the connections plugin stores them).
 */
export function locationOf(body: string): { url: string; label: string } | null {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const first = lines[0] ?? ''
  const url = /https?:\/\/\S+/.exec(body)?.[0]
  if (url) return { url, label: lines.find((l) => !l.includes(url)) ?? url }
  const m = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(first)
  if (!m) return null
  const lat = Number(m[1]),
    lng = Number(m[2])
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null
  return { url: `https://maps.google.com/maps?q=${lat},${lng}`, label: lines.slice(1).join(' · ') || `${lat}, ${lng}` }
}

const unesc = (s: string) => s.replace(/\\n/g, '\n').replace(/\\([\\,;])/g, '$1')

/** Name and number of each card in a vCard body (several cards may follow one another). */
export function vcardsOf(body: string): { name: string; number: string }[] {
  const cards = body.split(/END:VCARD/i).filter((c) => /BEGIN:VCARD/i.test(c))
  return cards
    .map((c) => {
      const name = unesc(/^FN[^:]*:(.*)$/im.exec(c)?.[1]?.trim() ?? '')
      const waid = /waid=(\d+)/i.exec(c)?.[1]
      const tel = /^TEL[^:]*:(.*)$/im.exec(c)?.[1] ?? ''
      return { name, number: waid ?? tel.replace(/\D/g, '') }
    })
    .filter((c) => c.name || c.number)
}
