import type { NodeDataMap, NodeType } from '../../types.ts'
import { ContentDialog } from './ContentDialog.tsx'
import { MediaDialog, OpenAiDialog, TypebotDialog } from './integrations.tsx'
import {
  ConditionDialog,
  IntervalDialog,
  MenuDialog,
  MessageDialog,
  QuestionDialog,
  RandomizerDialog,
  TicketDialog,
} from './simple.tsx'

export interface DialogState {
  type: NodeType
  /** The node being edited; absent when adding one. */
  id?: string
  data?: Record<string, unknown>
}

/** The dialog of a node type (§2 "Node dialogs"); `data` absent opens it in create mode. */
export function NodeDialog({
  state,
  variables,
  onClose,
  onSave,
}: {
  state: DialogState
  variables: string[]
  onClose: () => void
  onSave: (data: Record<string, unknown>) => void
}) {
  const save = onSave as (data: object) => void
  const initial = <T extends NodeType>() => (state.data ?? null) as NodeDataMap[T] | null
  switch (state.type) {
    case 'message':
      return <MessageDialog initial={initial<'message'>()} onClose={onClose} onSave={save} />
    case 'interval':
      return <IntervalDialog initial={initial<'interval'>()} onClose={onClose} onSave={save} />
    case 'menu':
      return <MenuDialog initial={initial<'menu'>()} onClose={onClose} onSave={save} />
    case 'randomizer':
      return <RandomizerDialog initial={initial<'randomizer'>()} onClose={onClose} onSave={save} />
    case 'question':
      return <QuestionDialog initial={initial<'question'>()} onClose={onClose} onSave={save} />
    case 'condition':
      return <ConditionDialog initial={initial<'condition'>()} variables={variables} onClose={onClose} onSave={save} />
    case 'ticket':
      return <TicketDialog initial={initial<'ticket'>()} onClose={onClose} onSave={save} />
    case 'singleBlock':
      return <ContentDialog initial={initial<'singleBlock'>()} onClose={onClose} onSave={save} />
    case 'typebot':
      return <TypebotDialog initial={initial<'typebot'>()} onClose={onClose} onSave={save} />
    case 'openai':
      return <OpenAiDialog initial={initial<'openai'>()} onClose={onClose} onSave={save} />
    case 'img':
    case 'audio':
    case 'video':
      return (
        <MediaDialog
          kind={state.type}
          initial={(state.data ?? null) as { url: string } | null}
          onClose={onClose}
          onSave={save}
        />
      )
    case 'start':
      return null
  }
}
