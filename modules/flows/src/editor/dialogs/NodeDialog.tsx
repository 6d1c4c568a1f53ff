import type { ComponentType } from 'react'
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
import type { NodeDialogProps } from './Shell.tsx'

type Plain = Exclude<NodeType, 'start' | 'condition' | 'img' | 'audio' | 'video'>

/** The dialogs that need nothing but the node's data. */
const DIALOGS: { [T in Plain]: ComponentType<NodeDialogProps<NodeDataMap[T]>> } = {
  message: MessageDialog,
  interval: IntervalDialog,
  menu: MenuDialog,
  randomizer: RandomizerDialog,
  question: QuestionDialog,
  ticket: TicketDialog,
  singleBlock: ContentDialog,
  typebot: TypebotDialog,
  openai: OpenAiDialog,
}

export interface DialogState {
  type: NodeType
  /** The node being edited; absent when adding one. */
  id?: string
  data?: Record<string, unknown>
}

/** The dialog of a node type; `data` absent opens it in create mode. */
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
  const initial = (state.data ?? null) as never
  if (state.type === 'start') return null
  if (state.type === 'condition')
    return <ConditionDialog initial={initial} variables={variables} onClose={onClose} onSave={save} />
  if (state.type === 'img' || state.type === 'audio' || state.type === 'video')
    return <MediaDialog kind={state.type} initial={initial} onClose={onClose} onSave={save} />
  const Dialog = DIALOGS[state.type]
  return <Dialog initial={initial} onClose={onClose} onSave={save} />
}
