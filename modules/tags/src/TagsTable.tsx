import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable, Switch, actionsColumn, type Column, type PagedRows } from '@atende/ui'
import type { Tag } from './types.ts'
import { textOn } from './validation.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export interface TagsTableProps {
  list: PagedRows<Tag>
  /** Admins see and flip the kanban switch. */
  canKanban: boolean
  canEdit: (tag: Tag) => boolean
  /** A kanban change on its way (the switch waits). */
  pending: ReadonlySet<number>
  onKanban: (tag: Tag, on: boolean) => void
  onEdit: (tag: Tag) => void
  onDelete: (tag: Tag) => void
}

const rowProps = (tag: Tag) => ({ 'data-testid': `tag-row-${tag.id}` })
const tagKey = (tag: Tag) => tag.id

/** The tags on the kit's windowed table: a coloured chip with the name, tickets, kanban, actions. */
export function TagsTable({ list, canKanban, canEdit, pending, onKanban, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<Tag>[]>(
    () => [
      {
        key: 'name',
        header: t('tags.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 px-3',
        cell: (tag) => (
          <span className="inline-flex max-w-full items-center gap-2">
            <span
              aria-hidden
              className="h-4 w-4 shrink-0 rounded-full border border-black/10"
              style={{ backgroundColor: tag.color }}
              data-testid="tag-swatch"
            />
            <span
              className="truncate rounded px-2 py-0.5 text-sm font-medium"
              style={{ backgroundColor: tag.color, color: textOn(tag.color) }}
            >
              {tag.name}
            </span>
          </span>
        ),
      },
      {
        key: 'tickets',
        header: t('tags.columns.tickets'),
        headerClassName: 'w-20 px-2 text-center sm:w-28',
        className: 'px-2 text-center tabular-nums',
        cell: (tag) => <span data-testid="tag-tickets">{tag.ticketsCount}</span>,
      },
      ...(canKanban
        ? [
            {
              key: 'kanban',
              header: t('tags.columns.kanban'),
              headerClassName: 'w-24 px-3 text-center',
              className: 'px-3',
              cell: (tag: Tag) => (
                <Switch
                  className="justify-center"
                  hideLabel
                  label={t('tags.kanbanFor', { name: tag.name })}
                  checked={tag.kanban === 1}
                  disabled={pending.has(tag.id)}
                  onChange={(on) => onKanban(tag, on)}
                />
              ),
            },
          ]
        : []),
      actionsColumn<Tag>({ i18n: { t, ns: 'tags' }, allowed: canEdit, onEdit, onDelete }),
    ],
    [t, canKanban, canEdit, pending, onKanban, onEdit, onDelete],
  )

  return (
    <PagedTable
      data-testid="tags-scroll"
      ns="tags"
      list={list}
      columns={columns}
      rowKey={tagKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
    />
  )
}
