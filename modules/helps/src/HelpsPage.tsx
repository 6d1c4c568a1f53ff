import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Dialog, EmptyState, ErrorCard, Loading } from '@atende/ui'
import type { Help } from '@atende/plugin-helps/api'
import './index.css'

export type { Help }

/** The video code may come as a bare id or a full YouTube link. */
export function videoId(video: string): string {
  const m = video.match(/(?:v=|youtu\.be\/|embed\/)([\w-]{6,})/)
  return m ? m[1]! : video.trim()
}

export default function HelpsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const [helps, setHelps] = useState<Help[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [playing, setPlaying] = useState<Help | null>(null)

  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<Help[]>('/helps/list', { signal: ctrl.signal })
      .then(setHelps)
      .catch((err) => {
        if (!ctrl.signal.aborted) {
          console.error(err)
          setFailed(true)
        }
      })
    return () => ctrl.abort()
  }, [api])

  return (
    <section className="p-6">
      <h1 className="mb-4 text-xl font-semibold">{t('helps.title')}</h1>
      {failed ? (
        <ErrorCard title={t('helps.loadError')} />
      ) : !helps ? (
        <Loading />
      ) : helps.length === 0 ? (
        <EmptyState title={t('helps.empty')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {helps.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                onClick={() => setPlaying(h)}
                aria-label={t('helps.play', { title: h.title })}
                className="w-full overflow-hidden rounded-lg bg-white text-left shadow transition hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:bg-slate-800"
              >
                <div className="aspect-video w-full bg-slate-200 dark:bg-slate-700">
                  <img
                    src={`https://img.youtube.com/vi/${videoId(h.video)}/mqdefault.jpg`}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                </div>
                <div className="p-3">
                  <p className="font-medium">{h.title}</p>
                  {h.description && (
                    <p className="mt-1 line-clamp-2 text-sm text-slate-500 dark:text-slate-400">{h.description}</p>
                  )}
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Headless UI's Dialog closes on Escape and on a click outside. */}
      <Dialog open={!!playing} onClose={() => setPlaying(null)} title={playing?.title} size="xl">
        {playing && (
          <div className="aspect-video w-full">
            <iframe
              title={playing.title}
              src={`https://www.youtube.com/embed/${videoId(playing.video)}?autoplay=1`}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              className="h-full w-full rounded"
            />
          </div>
        )}
      </Dialog>
    </section>
  )
}
