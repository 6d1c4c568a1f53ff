/** The interface language's number locale (pt is Brazilian Portuguese). */
const LOCALES: Record<string, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' }
export const numberLocale = (language: string | undefined) =>
  LOCALES[(language ?? 'pt').slice(0, 2).toLowerCase()] ?? 'pt-BR'

const cache = new Map<string, Intl.NumberFormat>()

/** An amount in BRL (the product's currency) written the language's way: R$ 30,00 / R$30.00 / 30,00 R$. */
export function formatMoney(value: number, language?: string): string {
  const locale = numberLocale(language)
  let f = cache.get(locale)
  if (!f)
    cache.set(
      locale,
      (f = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'BRL',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })),
    )
  return f.format(Number.isFinite(value) ? value : 0)
}
