import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, changeLanguage, type Language } from '../i18n/index.ts'
import { client } from '../client.ts'

/** Language picker (pt, en, es); also saves the choice on the user when signed in. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const pick = async (lng: Language) => {
    await changeLanguage(lng)
    if (client.session.getToken())
      client.api.post(`/users/set-language/${lng}`).catch(() => {
        /* a preference; not worth an error */
      })
  }
  return (
    <Menu as="div" className={`relative ${className ?? ''}`}>
      <MenuButton
        aria-label={t('languages.label')}
        className="rounded-md px-2 py-1 text-sm font-medium uppercase hover:bg-black/10 dark:hover:bg-white/10"
      >
        {i18n.language.slice(0, 2)} ▾
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 w-40 rounded-md border border-slate-200 bg-white py-1 text-slate-800 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
      >
        {LANGUAGES.map((lng) => (
          <MenuItem key={lng}>
            <button
              type="button"
              onClick={() => pick(lng)}
              className="block w-full px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700"
            >
              {t(`languages.${lng}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}
