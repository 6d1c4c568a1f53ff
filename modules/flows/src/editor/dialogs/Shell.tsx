import { useId, type FormEvent, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, FieldShell, cx, inputClass, inputErrorClass } from '@atende/ui'

export interface NodeDialogProps<D> {
  /** The node's data when editing; null when adding a node. */
  initial: D | null
  onClose: () => void
  onSave: (data: D) => void
}

/** A node dialog: title, the form, Cancel and Adicionar (create) / Salvar (edit). */
export function NodeDialogShell({
  title,
  editing,
  onClose,
  onSubmit,
  children,
  size = 'md',
  busy,
  submitLabel,
}: {
  title: ReactNode
  editing: boolean
  onClose: () => void
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
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('flowsCommon.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel ?? t(editing ? 'flowsCommon.save' : 'flowsCommon.add')}
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

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: ReactNode
  error?: string | null
  onChange: (value: string) => void
}

/** A labelled multi-line field with its inline error (the kit has the single-line one). */
export function TextAreaField({ label, error, onChange, className, rows = 4, ...rest }: TextAreaFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, 'resize-y', error && inputErrorClass)}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </FieldShell>
  )
}
