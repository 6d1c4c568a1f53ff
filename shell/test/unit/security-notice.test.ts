import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import pt from '../../src/i18n/pt.json'
import en from '../../src/i18n/en.json'
import es from '../../src/i18n/es.json'
import { securityNoticeText } from '../../src/session.ts'

async function i18nIn(lng: 'pt' | 'en' | 'es') {
  const i18n = i18next.createInstance()
  await i18n.init({
    resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
    lng,
    fallbackLng: 'pt',
    interpolation: { escapeValue: false },
  })
  return i18n
}

describe("the sign-in's security notice", () => {
  const notice = { code: 'SESSION_REVOKED_REUSE' as const, at: '2026-03-04T15:06:00.000Z' }

  it('is worded in pt, en and es, with when the session was ended in that language', async () => {
    const texts = new Map<string, string>()
    for (const lng of ['pt', 'en', 'es'] as const) {
      const text = securityNoticeText(await i18nIn(lng), notice)
      expect(text, lng).toBeTruthy()
      const at = new Date(notice.at).toLocaleString(lng, { dateStyle: 'short', timeStyle: 'short' })
      expect(text).toContain(at)
      expect(text).not.toContain('{{')
      texts.set(lng, text!)
    }
    expect(new Set(texts.values()).size).toBe(3)
    expect(texts.get('pt')).toMatch(/senha/)
  })

  it('shows nothing without a notice, or for a code this shell does not know', async () => {
    const i18n = await i18nIn('pt')
    expect(securityNoticeText(i18n, undefined)).toBeNull()
    expect(securityNoticeText(i18n, { code: 'SOMETHING_NEW' as never, at: notice.at })).toBeNull()
  })
})
