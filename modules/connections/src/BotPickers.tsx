import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbortError, useApi, type ApiClient } from '@atende/client'
import { Select } from '@atende/ui'

interface Choice {
  id: number
  name: string
}
/** null while loading; 'hidden' when the plan lacks the feature (403) or the read failed. */
type Choices = Choice[] | null | 'hidden'

/** The most integration pages read (GET /queueIntegration pages by 20 or so: hundreds of choices). */
const MAX_PAGES = 25

/** Every queue integration of the company, page after page. */
async function allIntegrations(api: ApiClient, signal: AbortSignal): Promise<Choice[]> {
  const found: Choice[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await api.get<{ queueIntegrations: Choice[]; hasMore: boolean }>('/queueIntegration', {
      params: { pageNumber: page },
      signal,
    })
    found.push(...r.queueIntegrations)
    if (!r.hasMore) break
  }
  return found
}

async function allPrompts(api: ApiClient, signal: AbortSignal): Promise<Choice[]> {
  return (await api.get<{ prompts: Choice[] }>('/prompt', { signal })).prompts
}

/** Loads one list of choices while mounted; a refusal (plan without the flag) or a failure hides it. */
function useChoices(read: (api: ApiClient, signal: AbortSignal) => Promise<Choice[]>): Choices {
  const api = useApi()
  const [choices, setChoices] = useState<Choices>(null)
  useEffect(() => {
    const ctrl = new AbortController()
    read(api, ctrl.signal)
      .then((list) => setChoices([...list].sort((a, b) => a.name.localeCompare(b.name))))
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        setChoices('hidden')
      })
    return () => ctrl.abort()
  }, [api, read])
  return choices
}

export interface BotPickersProps {
  integrationId: number | null
  promptId: number | null
  onChange: (patch: { integrationId?: number | null; promptId?: number | null }) => void
  /** What the server said of either (a choice deleted meanwhile). */
  errors?: { integrationId?: string; promptId?: string }
}

/**
 * The connection's bots (core.md §3 Connection: integrationId, promptId): a queue integration and an
 * OpenAI prompt, each optional. A select shows only when the plan has its feature; "none" clears it.
 */
export function BotPickers({ integrationId, promptId, onChange, errors = {} }: BotPickersProps) {
  const { t } = useTranslation()
  const integrations = useChoices(allIntegrations)
  const prompts = useChoices(allPrompts)
  const picker = (key: 'integrationId' | 'promptId', choices: Choices, value: number | null) => {
    if (choices === 'hidden') return null
    const options = (choices ?? []).map((c) => ({ value: c.id, label: c.name }))
    // The saved choice before its list arrives (or gone from it) still reads as chosen.
    if (value != null && !options.some((o) => o.value === value))
      options.unshift({ value, label: choices ? t('connections.bots.unknown', { id: value }) : '…' })
    return (
      <Select
        label={t(`connections.bots.${key}`)}
        value={value == null ? '' : String(value)}
        onChange={(v) => onChange({ [key]: v ? Number(v) : null })}
        placeholder={choices ? t(`connections.bots.none.${key}`) : t('connections.bots.loading')}
        options={options}
        error={errors[key]}
        data-testid={`connection-${key}`}
      />
    )
  }
  if (integrations === 'hidden' && prompts === 'hidden') return null
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {picker('integrationId', integrations, integrationId)}
      {picker('promptId', prompts, promptId)}
    </div>
  )
}
