import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { ListState, toast, useConfirmAction, useErrorToast } from '@atende/ui'
import { apiBase } from './endpoints.ts'
import { EndpointsList } from './EndpointsList.tsx'
import { GenerateTokenForm } from './GenerateTokenForm.tsx'
import { NewTokenDialog } from './NewTokenDialog.tsx'
import { TokenStats } from './TokenStats.tsx'
import { preview } from './tokens.ts'
import { TokensTable } from './TokensTable.tsx'
import type { ApiToken, GeneratedToken } from './types.ts'
import { useApiTokens } from './useApiTokens.ts'
import { PlanDeniedCard, isPlanDenied, usePlanDenied } from './usePlanDenied.tsx'
import { UsageExamples } from './UsageExamples.tsx'
import './index.css'

/**
 * /api-tokens: the company's tokens for integrators —
 * stats, generation with an expiry, the new token shown once, the list with revoke, and what a
 * token opens (endpoints, curl examples). Admins only, with the setting apiTokensEnabled.
 */
export default function ApiTokensPage() {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast('apiTokens.toasts.revokeError')
  const list = useApiTokens()
  const { denied, deny } = usePlanDenied(list.status === 'error' ? '/api-tokens' : null)
  const [created, setCreated] = useState<GeneratedToken | null>(null)
  const base = apiBase(window.location.origin)

  const onGenerated = (token: GeneratedToken) => {
    setCreated(token)
    // The list shows the preview only: the full token stays in the dialog.
    list.upsert({ ...token, token: preview(token.token) })
  }

  const revoke = useConfirmAction<ApiToken>({
    run: async (token) => {
      try {
        await api.delete(`/api-tokens/${token.id}`)
        list.upsert({ ...token, isActive: false, status: 'inactive' })
        toast.success(t('apiTokens.toasts.revoked'))
      } catch (err) {
        if (isPlanDenied(err)) deny()
        else showError(err)
      }
    },
    title: (token) => t('apiTokens.confirm.title', { name: token.name }),
    body: () => t('apiTokens.confirm.body'),
    confirmLabel: t('apiTokens.confirm.yes'),
    cancelLabel: t('apiTokens.confirm.no'),
  })

  if (denied) return <PlanDeniedCard />

  return (
    <section className="flex flex-col gap-4 p-3 sm:p-6">
      <header>
        <h1 className="text-xl font-semibold">{t('apiTokens.title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('apiTokens.subtitle')}</p>
      </header>

      <TokenStats tokens={list.items} ready={list.status === 'ready'} />
      <GenerateTokenForm onGenerated={onGenerated} onPlanDenied={deny} />

      <section aria-labelledby="api-tokens-list-title" className="flex flex-col gap-2">
        <h2 id="api-tokens-list-title" className="text-base font-semibold">
          {t('apiTokens.table.title')}
        </h2>
        <ListState
          ns="apiTokens"
          list={list}
          emptyDescription={t('apiTokens.emptyHint')}
          table={<TokensTable tokens={list.items} onRevoke={revoke.ask} />}
        />
      </section>

      <EndpointsList base={base} />
      <UsageExamples base={base} />

      <NewTokenDialog token={created} onClose={() => setCreated(null)} />
      {revoke.dialog}
    </section>
  )
}
