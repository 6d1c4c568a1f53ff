/** A header cell as a key: lower case, no accents, no spaces or punctuation ("Número" → "numero", "E-mail" → "email"). */
export const headerKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
