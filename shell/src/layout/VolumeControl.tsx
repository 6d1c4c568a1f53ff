import { useState } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { client } from '../client.ts'
import { VolumeIcon } from './icons.tsx'

/** Notification volume 0–1 in steps of 0.1, kept in local storage under 'volume'. */
export function readVolume(): number {
  const n = Number(client.session.getPreference('notificationVolume'))
  return client.session.getPreference('notificationVolume') != null && Number.isFinite(n)
    ? Math.min(1, Math.max(0, n))
    : 1
}

export function VolumeControl() {
  const { t } = useTranslation()
  const [volume, setVolume] = useState(readVolume)
  const change = (value: string) => {
    const v = Math.round(Number(value) * 10) / 10
    setVolume(v)
    client.session.setPreference('notificationVolume', String(v))
  }
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t('layout.volume')}
        title={t('layout.volume')}
        className="rounded-md p-2 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <VolumeIcon level={volume} />
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-1 flex w-56 items-center gap-3 rounded-md border border-slate-200 bg-white p-3 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
      >
        <VolumeIcon level={0} className="h-4 w-4 shrink-0 opacity-60" />
        <input
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={volume}
          onChange={(e) => change(e.target.value)}
          aria-label={t('layout.volume')}
          className="w-full accent-primary dark:accent-white"
        />
        <span className="w-8 text-right text-xs tabular-nums">{Math.round(volume * 100)}%</span>
      </PopoverPanel>
    </Popover>
  )
}
