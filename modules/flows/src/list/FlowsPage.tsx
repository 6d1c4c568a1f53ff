import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi } from '@atende/client'
import { ListPage, PagedTable, useColumns, useSearchTerm } from '@atende/ui'
import { CampaignsGate, fail, ok } from '../access.tsx'
import { RowMenu } from '../RowMenu.tsx'
import type { FlowWire } from '../types.ts'
import { useAskDelete, useErrorText } from '../useAskDelete.tsx'
import { FlowNameDialog } from './FlowNameDialog.tsx'
import { useFlowList } from './useFlowList.ts'
import '../index.css'

const ROW_HEIGHT = 52
const rowKey = (f: FlowWire) => f.id

/**
 * /flowbuilders, 'Fluxos de conversa': the company's flows, searchable, a page at a time; add; a
 * row opens its editor; its menu renames, opens, duplicates and deletes (with confirmation).
 */
function FlowsList() {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const search = useSearchTerm()
  const list = useFlowList(search.value)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ flow: FlowWire | null } | null>(null)
  const message = useErrorText()
  const { ask: askDelete, dialog: deleteDialog } = useAskDelete<FlowWire>('flows', '/flowbuilder', remove)

  const open = useCallback((f: FlowWire) => navigate(`/flowbuilder/${f.id}`), [navigate])
  const duplicate = useCallback(
    async (f: FlowWire) => {
      try {
        upsert(await api.post<FlowWire>('/flowbuilder/duplicate', { body: { flowId: f.id } }))
        ok(t('flows.duplicated'))
      } catch (err) {
        fail(`${t('flows.duplicateError')} ${message(err)}`)
      }
    },
    [api, upsert, t, message],
  )

  const rowProps = useCallback(
    (f: FlowWire) => ({
      'data-testid': `flow-row-${f.id}`,
      className: 'cursor-pointer',
      onClick: () => open(f),
    }),
    [open],
  )
  const columns = useColumns<FlowWire>(
    'flows',
    ({ t, col, flag }) => [
      col('name', { truncate: true, className: 'font-medium', cell: (f) => f.name }),
      flag('status', {
        width: 'w-32',
        tone: 'success',
        words: ['flows.active', 'flows.disabled'],
        is: (f) => f.active,
      }),
      {
        key: 'actions',
        header: t('flows.columns.actions'),
        headerClassName: 'w-20 px-3 text-right',
        className: 'px-2 text-right',
        cell: (f) => (
          <RowMenu
            label={t('flows.actions', { name: f.name })}
            items={[
              { label: t('flows.rename'), onSelect: () => setEditing({ flow: f }) },
              { label: t('flows.editFlow'), onSelect: () => open(f) },
              { label: t('flows.duplicate'), onSelect: () => void duplicate(f) },
              { label: t('flows.delete'), onSelect: () => askDelete(f), danger: true },
            ]}
          />
        ),
      },
    ],
    [open, duplicate, askDelete],
  )

  return (
    <ListPage
      ns="flows"
      list={list}
      count={false}
      search={search}
      onAdd={() => setEditing({ flow: null })}
      table={
        <PagedTable
          data-testid="flows-table"
          ns="flows"
          loadingLabel={t('flowsCommon.loadingMore')}
          list={list}
          columns={columns}
          rowKey={rowKey}
          rowProps={rowProps}
          rowHeight={ROW_HEIGHT}
        />
      }
    >
      <FlowNameDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} />
      {deleteDialog}
    </ListPage>
  )
}

export default function FlowsPage() {
  return (
    <CampaignsGate>
      <FlowsList />
    </CampaignsGate>
  )
}
