import { useTranslation } from 'react-i18next'
import { Button, Dialog } from '@atende/ui'
import { RichContent, safeImageSrc } from './RichContent.tsx'
import { PRIORITY_CLASS, type Announcement } from './types.ts'

export interface AnnouncementViewProps {
  record: Pick<Announcement, 'title' | 'text' | 'richContent' | 'priority' | 'mediaPath' | 'mediaName'> | null
  onClose: () => void
}

/** One announcement as its readers see it (the popover's view and the screen's preview). */
export function AnnouncementView({ record, onClose }: AnnouncementViewProps) {
  const { t } = useTranslation()
  const media = record?.mediaPath ? safeImageSrc(record.mediaPath) : null
  return (
    <Dialog
      open={!!record}
      onClose={onClose}
      size="lg"
      title={
        record && (
          <span className="flex items-center gap-2">
            <span
              className={`rounded px-1.5 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[record.priority] ?? ''}`}
              data-testid="announcement-view-priority"
            >
              {t(`announcements.priority.${record.priority}`)}
            </span>
            <span data-testid="announcement-view-title">{record.title}</span>
          </span>
        )
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('announcements.close')}
        </Button>
      }
    >
      {record && (
        <div data-testid="announcement-view" className="flex flex-col gap-3">
          {record.richContent.length ? (
            <RichContent blocks={record.richContent} />
          ) : (
            <p className="whitespace-pre-wrap text-sm">{record.text}</p>
          )}
          {media && (
            <a href={media} target="_blank" rel="noreferrer noopener" className="self-start">
              <img src={media} alt={record.mediaName ?? ''} className="max-h-64 rounded border" />
            </a>
          )}
        </div>
      )}
    </Dialog>
  )
}
