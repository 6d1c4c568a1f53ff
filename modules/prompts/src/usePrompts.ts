import { useLivePagedList } from '@atende/ui'
import { always, byName } from './rules.ts'
import type { Prompt, PromptFrame } from './types.ts'

/**
 * GET /api/prompt (the company's prompts, by name, in one answer), kept live by the company's
 * prompt events (a delete carries promptId).
 */
export function usePrompts() {
  return useLivePagedList<Prompt, PromptFrame>({
    path: '/prompt',
    key: 'prompts',
    search: '',
    compare: byName,
    matches: always,
    name: 'prompts',
    event: 'prompt',
    apply: (frame, { upsert, remove }) => {
      if (frame.action === 'delete') {
        if (typeof frame.promptId === 'number') remove(frame.promptId)
      } else if (frame.prompt) upsert(frame.prompt)
    },
  })
}
