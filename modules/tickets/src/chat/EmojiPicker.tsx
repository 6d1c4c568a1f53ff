import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SmileIcon } from './icons.tsx'

/** A small built-in set: the ones attendants reach for most (no emoji library to load). */
const EMOJIS = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😉',
  '😎',
  '🤗',
  '🤔',
  '😅',
  '😇',
  '🙂',
  '🙃',
  '😢',
  '😭',
  '😡',
  '😱',
  '😴',
  '🥳',
  '🤝',
  '👍',
  '👎',
  '👏',
  '🙏',
  '💪',
  '👋',
  '👌',
  '✌️',
  '🤞',
  '👀',
  '❤️',
  '💙',
  '💚',
  '💛',
  '🔥',
  '⭐',
  '✨',
  '🎉',
  '🎁',
  '✅',
  '❌',
  '⚠️',
  '📌',
  '📎',
  '📞',
  '📅',
  '⏰',
  '💰',
  '🛒',
  '📦',
  '🚚',
  '🏠',
  '☕',
  '🍕',
  '😺',
  '🌹',
  '☀️',
  '🌧️',
  '💬',
  '❓',
  '❗',
  '💯',
]

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <div className="relative">
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        aria-label={t('chat.composer.emoji')}
        title={t('chat.composer.emoji')}
        aria-expanded={open}
        className="rounded-full p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700"
      >
        <SmileIcon className="h-5 w-5" />
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-10" aria-hidden onClick={() => setOpen(false)} />
          <div
            role="dialog"
            aria-label={t('chat.composer.emoji')}
            data-testid="emoji-picker"
            className="absolute bottom-full left-0 z-20 mb-2 grid w-72 grid-cols-8 gap-0.5 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-600 dark:bg-slate-800"
          >
            {EMOJIS.map((e) => (
              <button
                key={e}
                type="button"
                onClick={() => onPick(e)}
                className="rounded p-1 text-xl leading-none hover:bg-slate-100 dark:hover:bg-slate-700"
              >
                {e}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  )
}
