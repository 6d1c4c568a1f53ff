import { useTranslation } from 'react-i18next'
import type { ApiClient } from '@atende/client'
import { ChoicePicker, useChoices, type Choice } from './ChoicePicker.tsx'

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

export interface BotPickersProps {
  integrationId: number | null
  promptId: number | null
  onChange: (patch: { integrationId?: number | null; promptId?: number | null }) => void
  /** What the server said of either (a choice deleted meanwhile). */
  errors?: { integrationId?: string; promptId?: string }
  /**
   * Whose bots: the translation keys are `<owner>s.bots.…` of that module (queues.bots.integrationId,
   * connections.bots.none.promptId…) and the pickers' test ids `<owner>-integrationId`.
   */
  owner: 'queue' | 'connection'
}

/**
 * A queue's or a connection's bots (integrationId and
 * promptId): a queue integration and an OpenAI prompt, each optional. A select shows only when the
 * plan has its feature; "none" clears it.
 */
export function BotPickers({ integrationId, promptId, onChange, errors = {}, owner }: BotPickersProps) {
  const { t } = useTranslation()
  const keys = `${owner}s.bots`
  const integrations = useChoices(allIntegrations)
  const prompts = useChoices(allPrompts)
  if (integrations === 'hidden' && prompts === 'hidden') return null
  const picker = (key: 'integrationId' | 'promptId', choices: typeof integrations, value: number | null) => (
    <ChoicePicker
      label={t(`${keys}.${key}`)}
      choices={choices}
      value={value}
      onChange={(v) => onChange({ [key]: v })}
      none={t(`${keys}.none.${key}`)}
      loading={t(`${keys}.loading`)}
      unknown={(id) => t(`${keys}.unknown`, { id })}
      error={errors[key]}
      data-testid={`${owner}-${key}`}
    />
  )
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {picker('integrationId', integrations, integrationId)}
      {picker('promptId', prompts, promptId)}
    </div>
  )
}
