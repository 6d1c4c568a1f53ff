import { PagedTable, Switch, useColumns, type EditableRowsProps } from '@atende/ui'
import type { Tag } from './types.ts'
import { textOn } from './validation.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export interface TagsTableProps extends EditableRowsProps<Tag> {
  /** Admins see and flip the kanban switch. */
  canKanban: boolean
  canEdit: (tag: Tag) => boolean
  /** A kanban change on its way (the switch waits). */
  pending: ReadonlySet<number>
  onKanban: (tag: Tag, on: boolean) => void
}

/** The tags on the kit's windowed table: a coloured chip with the name, tickets, kanban, actions. */
export function TagsTable({ list, canKanban, canEdit, pending, onKanban, onEdit, onDelete }: TagsTableProps) {
  const columns = useColumns<Tag>(
    'tags',
    ({ t, col, actions }) => [
      col('name', {
        className: 'max-w-0',
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
      }),
      col('tickets', {
        width: 'w-20 sm:w-28',
        padding: 'px-2',
        align: 'center',
        className: 'tabular-nums',
        cell: (tag) => <span data-testid="tag-tickets">{tag.ticketsCount}</span>,
      }),
      ...(canKanban
        ? [
            col('kanban', {
              width: 'w-24',
              headerClassName: 'text-center',
              cell: (tag) => (
                <Switch
                  className="justify-center"
                  hideLabel
                  label={t('tags.kanbanFor', { name: tag.name })}
                  checked={tag.kanban === 1}
                  disabled={pending.has(tag.id)}
                  onChange={(on) => onKanban(tag, on)}
                />
              ),
            }),
          ]
        : []),
      actions({ allowed: canEdit, onEdit, onDelete }),
    ],
    [canKanban, canEdit, pending, onKanban, onEdit, onDelete],
  )

  return (
    <PagedTable
      data-testid="tags-scroll"
      ns="tags"
      list={list}
      columns={columns}
      rowTestid="tag-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
