import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { STORAGE_KEYS } from '@atende/client'
import pt from './pt.json'
import en from './en.json'
import es from './es.json'

export const LANGUAGES = ['pt', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

/** The shell's own texts by language (modules' texts are added to the same namespace as they load). */
export const SHELL_TEXTS = { pt, en, es }

/** First two letters of the stored language, falling back to pt. */
export function storedLanguage(): Language {
  const two = (localStorage.getItem(STORAGE_KEYS.language) ?? '').slice(0, 2).toLowerCase()
  return (LANGUAGES as readonly string[]).includes(two) ? (two as Language) : 'pt'
}

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
  lng: storedLanguage(),
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
  returnNull: false,
})
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng
})
document.documentElement.lang = i18n.language

export function changeLanguage(lng: Language) {
  localStorage.setItem(STORAGE_KEYS.language, lng)
  return i18n.changeLanguage(lng)
}

export default i18n
