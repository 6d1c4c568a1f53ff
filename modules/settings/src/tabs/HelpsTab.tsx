import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, Loading, TextField, cx, toast, useCollection, useErrorToast } from '@atende/ui'
import { DeleteConfirm, FormActions } from '../ui/FormActions.tsx'
import { Panel, tdClass, thClass } from '../ui/Panel.tsx'
import type { Help } from '../lib/types.ts'

const EMPTY = { title: '', video: '', description: '' }

/** Help videos (super user): title, video code and description, with edit and delete. */
export function HelpsTab() {
  const { t } = useTranslation()
  const showError = useErrorToast()
  const {
    items: helps,
    save: saveHelp,
    remove: removeHelp,
  } = useCollection<Help>('/helps', '/helps/list', 'settings.helps.toasts.errorList')
  const [values, setValues] = useState(EMPTY)
  const [editing, setEditing] = useState<Help | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState<Help | null>(null)

  const clear = () => {
    setEditing(null)
    setValues(EMPTY)
    setSubmitted(false)
  }
  const edit = (h: Help) => {
    setEditing(h)
    setValues({ title: h.title, video: h.video, description: h.description })
    setSubmitted(false)
  }
  const titleError = submitted && !values.title.trim() ? t('settings.validation.required') : null

  async function save() {
    setSubmitted(true)
    if (!values.title.trim()) return
    setSaving(true)
    try {
      const body = { title: values.title.trim(), video: values.video.trim(), description: values.description }
      await saveHelp(body, editing?.id)
      clear()
      toast.success(t('settings.helps.toasts.success'))
    } catch (err) {
      showError(err, 'settings.helps.toasts.error')
    } finally {
      setSaving(false)
    }
  }

  async function remove() {
    if (!deleting) return
    try {
      await removeHelp(deleting.id)
      if (editing?.id === deleting.id) clear()
      toast.success(t('settings.toasts.deleted'))
    } catch (err) {
      showError(err, 'settings.helps.toasts.errorOperation')
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Panel title={editing ? t('settings.helps.editTitle') : t('settings.helps.newTitle')}>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              label={t('settings.helps.title')}
              value={values.title}
              onChange={(v) => setValues({ ...values, title: v })}
              error={titleError}
              required
              maxLength={200}
            />
            <TextField
              label={t('settings.helps.video')}
              value={values.video}
              onChange={(v) => setValues({ ...values, video: v })}
              maxLength={200}
              hint={t('settings.helps.videoHint')}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="help-description" className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('settings.helps.description')}
            </label>
            <textarea
              id="help-description"
              rows={3}
              maxLength={10_000}
              value={values.description}
              onChange={(e) => setValues({ ...values, description: e.target.value })}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-primary focus:outline-none focus:ring-1 focus:ring-primary dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
            />
          </div>
          <FormActions editing={!!editing} saving={saving} onClear={clear} onDelete={() => setDeleting(editing)} />
        </form>
      </Panel>
      <Panel title={t('settings.helps.listTitle')}>
        {helps === null ? (
          <Loading />
        ) : helps.length === 0 ? (
          <EmptyState title={t('settings.helps.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    {t('settings.helps.title')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('settings.helps.video')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('settings.helps.description')}
                  </th>
                  <th scope="col" className={cx(thClass, 'text-right')}>
                    {t('settings.common.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {helps.map((h) => (
                  <tr
                    key={h.id}
                    className={cx(
                      'border-t border-slate-100 dark:border-slate-700',
                      editing?.id === h.id && 'bg-primary-light dark:bg-slate-700',
                    )}
                  >
                    <td className={tdClass}>{h.title}</td>
                    <td className={tdClass}>{h.video}</td>
                    <td className="max-w-xs truncate px-3 py-2" title={h.description}>
                      {h.description}
                    </td>
                    <td className={cx(tdClass, 'text-right')}>
                      <div className="inline-flex gap-1">
                        <Button
                          variant="ghost"
                          className="px-2 py-1"
                          onClick={() => edit(h)}
                          aria-label={t('settings.helps.editItem', { title: h.title })}
                        >
                          {t('settings.actions.edit')}
                        </Button>
                        <Button
                          variant="ghost"
                          className="px-2 py-1 text-red-600 dark:text-red-400"
                          onClick={() => setDeleting(h)}
                          aria-label={t('settings.helps.deleteItem', { title: h.title })}
                        >
                          {t('settings.actions.delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <DeleteConfirm open={!!deleting} onConfirm={() => void remove()} onClose={() => setDeleting(null)} />
    </div>
  )
}
