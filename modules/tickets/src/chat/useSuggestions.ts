import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { displayPhone, useDebounced } from '@atende/ui'
import { filterQuickReplies, mentionQuery, quickReplyLabel, quickReplyTerm, type QuickReply } from './compose.ts'
import type { Suggestion } from './Suggestions.tsx'

const QUICK_LIMIT = 50

/**
 * What the composer suggests for the text at the caret: quick replies after "/" (GET
 * /quick-messages/list, searched by shortcode) or, in groups, participants after "@".
 */
export function useSuggestions(
  text: string,
  caret: number,
  isGroup: boolean,
  participants: string[],
  enabled: boolean,
) {
  const { t } = useTranslation()
  const api = useApi()
  const [quick, setQuick] = useState<QuickReply[]>([])
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const term = enabled ? quickReplyTerm(text) : null
  const debounced = useDebounced(term, 300)

  useEffect(() => {
    if (debounced == null) return
    const ctrl = new AbortController()
    api
      .get<QuickReply[]>('/quick-messages/list', {
        params: { searchParam: debounced, limit: QUICK_LIMIT },
        signal: ctrl.signal,
      })
      .then(setQuick, (err) => {
        if (!ctrl.signal.aborted) console.error('[chat] quick replies failed', err)
      })
    return () => ctrl.abort()
  }, [api, debounced])

  const mention = enabled && isGroup ? mentionQuery(text, caret) : null
  const items = useMemo((): {
    kind: 'quick' | 'mention' | null
    list: Suggestion[]
    quick: QuickReply[]
    people: string[]
  } => {
    if (term != null) {
      const hits = filterQuickReplies(quick, term)
      return {
        kind: 'quick',
        quick: hits,
        people: [],
        list: hits.map((q) => ({
          key: `q${q.id}`,
          label: quickReplyLabel(q),
          hint: q.mediaName ? t('chat.composer.quickHasMedia') : undefined,
        })),
      }
    }
    if (mention != null) {
      const people = participants.filter((p) => p.includes(mention))
      return { kind: 'mention', quick: [], people, list: people.map((p) => ({ key: `p${p}`, label: displayPhone(p) })) }
    }
    return { kind: null, list: [], quick: [], people: [] }
  }, [term, quick, mention, participants, t])

  useEffect(() => setActive(0), [items.list.length, items.kind])
  const visible = items.list.length > 0 && dismissed !== text
  return { ...items, visible, active, setActive, dismiss: () => setDismissed(text) }
}
