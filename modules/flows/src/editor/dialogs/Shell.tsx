import { useId, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  Dialog,
  TextAreaField as KitTextAreaField,
  useFormState,
  type FieldErrors,
  type TextAreaFieldProps,
} from '@atende/ui'

export interface NodeDialogProps<D> {
  /** The node's data when editing; null when adding a node. */
  initial: D | null
  onClose: () => void
  onSave: (data: D) => void
}

/** A node dialog: title, the form, Cancel and Adicionar (create) / Salvar (edit). */
export function NodeDialogShell({
  kind,
  initial,
  title,
  onClose,
  onSubmit,
  children,
  size = 'md',
  busy,
  submitLabel,
}: Pick<NodeDialogProps<unknown>, 'initial' | 'onClose'> & {
  /** The node type: the title is `editor.<kind>.addTitle` / `editTitle` unless `title` is given. */
  kind: string
  title?: ReactNode
  onSubmit: () => void
  children: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'xl'
  busy?: boolean
  submitLabel?: string
}) {
  const { t } = useTranslation()
  const formId = useId()
  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose()
      }}
      size={size}
      title={title ?? t(initial ? `editor.${kind}.editTitle` : `editor.${kind}.addTitle`)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('flowsCommon.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel ?? t(initial ? 'flowsCommon.save' : 'flowsCommon.add')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex max-h-[65vh] flex-col gap-4 overflow-y-auto p-0.5"
        onSubmit={(e: FormEvent) => {
          e.preventDefault()
          onSubmit()
        }}
      >
        {children}
      </form>
    </Dialog>
  )
}

/** The kit's multi-line field, four rows high unless told. */
export const TextAreaField = (props: TextAreaFieldProps) => <KitTextAreaField rows={4} {...props} />

/** A node dialog's form state (the kit's), from the node's data or from null when adding. */
export const useNodeForm = <D, V extends object>(initial: D | null, from: (data: D | null) => V) =>
  useFormState<V, D | null>(initial, from)

/** The required word under each of `keys` left blank; null when none is. */
export function blanks<V>(values: V, keys: readonly (keyof V)[], word: string): FieldErrors<V> | null {
  const found = keys.filter((k) => !String(values[k]).trim())
  return found.length ? (Object.fromEntries(found.map((k) => [k, word])) as FieldErrors<V>) : null
}
