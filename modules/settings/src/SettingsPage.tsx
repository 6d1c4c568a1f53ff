import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession, type SessionUser } from '@atende/client'
import { ErrorCard, Loading, TabPanel, Tabs, useErrorToast, type TabItem } from '@atende/ui'
import type { Company, Setting } from './lib/types.ts'
import { OptionsTab } from './tabs/OptionsTab.tsx'
import { SchedulesTab } from './tabs/SchedulesTab.tsx'
import { CompaniesTab } from './tabs/CompaniesTab.tsx'
import { PlansTab } from './tabs/PlansTab.tsx'
import { HelpsTab } from './tabs/HelpsTab.tsx'
import './index.css'

type TabKey = 'options' | 'schedules' | 'companies' | 'plans' | 'helps'

/**
 * /settings: Options always, Schedules when scheduleType is 'company',
 * Companies / Plans / Helps for the super user. Changing tab reloads the company, the settings
 * and the current user, so each tab works on fresh data.
 */
export default function SettingsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const session = useSession()
  const showError = useErrorToast()
  const [tab, setTab] = useState<TabKey>('options')
  const [me, setMe] = useState<SessionUser | null>(session.user)
  const [company, setCompany] = useState<Company | null>(null)
  const [settings, setSettings] = useState<Setting[] | null>(null)
  const [failed, setFailed] = useState(false)

  const companyId = me?.companyId ?? session.companyId
  const isAdmin = me?.profile === 'admin' || me?.super === true

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const user = await api.get<SessionUser>('/auth/me', { signal })
        setMe(user)
        const [c, s] = await Promise.all([
          api.get<Company>(`/companies/${user.companyId}`, { signal }),
          api.get<Setting[]>('/settings', { signal }),
        ])
        setCompany(c)
        setSettings(s)
        setFailed(false)
      } catch (err) {
        if (signal?.aborted) return
        setFailed(true)
        showError(err, 'settings.toasts.errorList')
      }
    },
    [api, showError],
  )

  useEffect(() => {
    if (!isAdmin) return
    const ctrl = new AbortController()
    void reload(ctrl.signal)
    return () => ctrl.abort()
  }, [tab, reload, isAdmin])

  const scheduleType = settings?.find((s) => s.key === 'scheduleType')?.value
  const tabs = useMemo(() => {
    const list: TabItem<TabKey>[] = [{ key: 'options', label: t('settings.tabs.options') }]
    if (scheduleType === 'company') list.push({ key: 'schedules', label: t('settings.tabs.schedules') })
    if (me?.super) {
      list.push({ key: 'companies', label: t('settings.tabs.companies') })
      list.push({ key: 'plans', label: t('settings.tabs.plans') })
      list.push({ key: 'helps', label: t('settings.tabs.helps') })
    }
    return list
  }, [t, scheduleType, me?.super])

  // A tab that is no longer offered (scheduleType changed) falls back to Options.
  useEffect(() => {
    if (settings && !tabs.some((x) => x.key === tab)) setTab('options')
  }, [tabs, tab, settings])

  if (!isAdmin)
    return (
      <section className="p-6">
        <ErrorCard title={t('settings.noPermission')} />
      </section>
    )

  const onSettingSaved = (saved: Setting) =>
    setSettings((list) => list?.map((s) => (s.key === saved.key ? saved : s)) ?? list)

  return (
    <section className="flex flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-xl font-semibold">{t('settings.title')}</h1>
      <Tabs tabs={tabs} active={tab} onChange={setTab} label={t('settings.title')} idPrefix="settings" />
      <TabPanel idPrefix="settings" active={tab}>
        {failed && !settings ? (
          <ErrorCard title={t('settings.toasts.errorList')} />
        ) : !settings || !me || !companyId ? (
          <Loading label={t('settings.loading')} />
        ) : tab === 'options' ? (
          <OptionsTab settings={settings} isSuper={me.super} onSaved={onSettingSaved} />
        ) : tab === 'schedules' ? (
          <SchedulesTab companyId={companyId} schedules={company?.schedules ?? []} onSaved={setCompany} />
        ) : tab === 'companies' ? (
          <CompaniesTab />
        ) : tab === 'plans' ? (
          <PlansTab />
        ) : (
          <HelpsTab />
        )}
      </TabPanel>
    </section>
  )
}
