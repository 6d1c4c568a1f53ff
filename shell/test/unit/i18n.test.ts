import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { formatMoney } from '../../../core/ui/src/money.ts'
import { length, maxLength, say } from '../../../core/ui/src/validation.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Every translation file of the shell and the modules: path → language → flat key/value pairs. */
function bundles() {
  const dirs = [
    join(ROOT, 'shell/src/i18n'),
    ...readdirSync(join(ROOT, 'modules')).flatMap((m) => {
      const found: string[] = []
      const walk = (d: string) => {
        for (const name of readdirSync(d)) {
          const p = join(d, name)
          if (name === 'node_modules' || name === 'dist') continue
          if (statSync(p).isDirectory()) {
            if (name === 'i18n') found.push(p)
            else walk(p)
          }
        }
      }
      walk(join(ROOT, 'modules', m, 'src'))
      return found
    }),
  ]
  return dirs.flatMap((dir) =>
    (['pt', 'en', 'es'] as const).map((lng) => ({
      dir,
      lng,
      data: JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8')),
    })),
  )
}
const flat = (o: Record<string, unknown>, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[prefix + k, v] as [string, string]]
      : flat(v as Record<string, unknown>, `${prefix}${k}.`),
  )

/** An i18next instance holding these i18n directories' pt, en and es bundles, merged. */
async function instanceOf(dirs: string[]) {
  const read = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8'))
  const i18n = i18next.createInstance()
  await i18n.init({
    lng: 'pt',
    fallbackLng: 'pt',
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      (['pt', 'en', 'es'] as const).map((l) => [
        l,
        { translation: Object.assign({}, ...dirs.map((d) => read(`${d}/${l}.json`))) },
      ]),
    ),
  })
  return i18n
}

describe('translations', () => {
  const all = bundles()

  it('write plurals with i18next count forms, never "(s)"', () => {
    const bad = all.flatMap(({ dir, lng, data }) =>
      flat(data)
        .filter(([, v]) => /\((s|es|ies)\)/.test(v))
        .map(([k, v]) => `${dir} ${lng} ${k}: ${v}`),
    )
    expect(bad).toEqual([])
  })

  it('give a count followed by a plural word its _one form ("1 enviados" is wrong)', () => {
    // Counts that are never one: a cap, a minimum of 3, the sheet's 11 columns.
    const neverOne = new Set(['contacts.countCapped', 'contacts.searchHint', 'parts.columnsTitle'])
    const bad = all
      .filter((b) => b.lng !== 'en')
      .flatMap(({ dir, lng, data }) =>
        flat(data)
          .filter(
            ([k, v]) =>
              !neverOne.has(k) && !/_(zero|one|two|few|many|other)$/.test(k) && /\{\{count\}\}\s+\p{L}+s\b/u.test(v),
          )
          .map(([k, v]) => `${dir} ${lng} ${k}: ${v}`),
      )
    expect(bad).toEqual([])
  })

  it('say "Color" in English (never the British spelling)', () => {
    const bad = all
      .filter((b) => b.lng === 'en')
      .flatMap(({ dir, data }) =>
        flat(data)
          .filter(([, v]) => /colour/i.test(v))
          .map(([k]) => `${dir} ${k}`),
      )
    expect(bad).toEqual([])
  })

  it('hard-code no "R$" before an amount (money goes through formatMoney)', () => {
    const bad = all.flatMap(({ dir, lng, data }) =>
      flat(data)
        .filter(([, v]) => /R\$\s*\{\{/.test(v))
        .map(([k]) => `${dir} ${lng} ${k}`),
    )
    expect(bad).toEqual([])
  })

  it("length messages name the limit, in each language's numbers (issue 35)", async () => {
    const i18n = await instanceOf(['shell/src/i18n'])
    const name = length(2, 50)
    const task = maxLength(5_000)
    const words = (lng: string) => {
      const t = i18n.getFixedT(lng)
      return [say(t, name('')), say(t, name('a')), say(t, name('x'.repeat(51))), say(t, task('x'.repeat(5_001)))]
    }
    expect(words('pt')).toEqual([
      'Obrigatório',
      'Muito curto! (mínimo 2 caracteres)',
      'Muito longo! (máximo 50 caracteres)',
      'Muito longo! (máximo 5.000 caracteres)',
    ])
    expect(words('en')[3]).toBe('Too long! (at most 5,000 characters)')
    expect(words('es')[1]).toBe('¡Muy corto! (mínimo 2 caracteres)')
    expect(i18n.getFixedT('pt')('validation.cut', { max: 5_000 })).toBe(
      'Texto cortado: este campo aceita no máximo 5.000 caracteres.',
    )
  })

  it('never say "too long" or "too short" without the limit', () => {
    const bare = /^(¡?)(muito|muy|too) (longo|largo|long|curto|corto|short)!?$/i
    const bad = bundles().flatMap(({ dir, lng, data }) =>
      flat(data)
        .filter(([, v]) => bare.test(v.trim()))
        .map(([k, v]) => `${dir.replace(ROOT, '')}/${lng}: ${k} = ${v}`),
    )
    expect(bad).toEqual([])
  })

  it('counts read right in every language', async () => {
    const i18n = await instanceOf(['modules/users/src/i18n', 'modules/tags/src/i18n'])
    const t = (lng: string, key: string, count: number) => i18n.getFixedT(lng)(key, { count })
    expect([0, 1, 2].map((n) => t('pt', 'users.count', n))).toEqual(['Nenhum usuário', '1 usuário', '2 usuários'])
    expect([0, 1, 2].map((n) => t('en', 'users.count', n))).toEqual(['No users', '1 user', '2 users'])
    expect([1, 5].map((n) => t('es', 'tags.count', n))).toEqual(['1 etiqueta', '5 etiquetas'])
  })

  it('counts read right in tickets, the internal chat, campaigns and the kanban', async () => {
    const i18n = await instanceOf([
      'modules/tickets/src/i18n',
      'modules/chats/src/i18n',
      'modules/campaigns/src/campaigns/i18n',
      'modules/kanban/src/i18n',
    ])
    const t = (lng: string, key: string, counts: number[]) => counts.map((count) => i18n.getFixedT(lng)(key, { count }))
    // Tickets: the unread badge and the top bar's bell.
    expect(t('pt', 'tickets.item.unread', [1, 2])).toEqual(['1 mensagem não lida', '2 mensagens não lidas'])
    expect(t('pt', 'tickets.notifications.button', [0, 1, 2])).toEqual([
      'Notificações',
      'Notificações: 1 ticket com mensagens não lidas',
      'Notificações: 2 tickets com mensagens não lidas',
    ])
    expect(t('en', 'tickets.notifications.button', [0, 1])).toEqual([
      'Notifications',
      'Notifications: 1 ticket with unread messages',
    ])
    // The internal chat's button counts conversations.
    expect(t('pt', 'chats.popover.button', [0, 1, 3])).toEqual([
      'Chat interno',
      'Chat interno: 1 conversa não lida',
      'Chat interno: 3 conversas não lidas',
    ])
    expect(t('en', 'chats.popover.button', [1, 3])).toEqual([
      'Internal chat: 1 unread chat',
      'Internal chat: 3 unread chats',
    ])
    expect(t('es', 'chats.popover.button', [1, 3])).toEqual([
      'Chat interno: 1 conversación no leída',
      'Chat interno: 3 conversaciones no leídas',
    ])
    // Campaigns: the intervals' options and the report's counters.
    expect(t('pt', 'campaignConfig.seconds', [1, 5])).toEqual(['1 segundo', '5 segundos'])
    expect(t('en', 'campaignConfig.seconds', [1, 5])).toEqual(['1 second', '5 seconds'])
    expect(t('es', 'campaignConfig.messages', [1, 20])).toEqual(['1 mensaje', '20 mensajes'])
    expect(t('pt', 'campaignConfig.messages', [1, 20])).toEqual(['1 mensagem', '20 mensagens'])
    expect(t('pt', 'campaignReport.delivered', [0, 1, 2])).toEqual(['Entregues', 'Entregue', 'Entregues'])
    expect(t('pt', 'campaignReport.validContacts', [0, 1, 3])).toEqual([
      'Contatos válidos',
      'Contato válido',
      'Contatos válidos',
    ])
    expect(t('pt', 'campaignReport.failed', [1, 2])).toEqual(['Falhou', 'Falharam'])
    expect(t('en', 'campaignReport.pending', [1, 2])).toEqual(['Pending', 'Pending'])
    expect(t('es', 'campaignReport.failed', [0, 1, 2])).toEqual(['Fallidos', 'Fallido', 'Fallidos'])
    // The kanban: cards' unread badge and a lane's count.
    expect(t('pt', 'kanban.card.unread', [1, 2])).toEqual(['1 mensagem não lida', '2 mensagens não lidas'])
    expect(t('pt', 'kanban.laneCount', [0, 1, 3])).toEqual(['Nenhum ticket', '1 ticket', '3 tickets'])
    expect(t('es', 'kanban.laneCountMore', [20])).toEqual(['Más de 20 tickets'])
  })
})

describe('formatMoney', () => {
  const plain = (s: string) => s.replace(/\s/g, ' ')
  it("writes BRL the language's way", () => {
    expect(plain(formatMoney(30, 'pt'))).toBe('R$ 30,00')
    expect(plain(formatMoney(30, 'en'))).toBe('R$30.00')
    expect(plain(formatMoney(1234.5, 'es'))).toBe('1234,50 R$')
    expect(plain(formatMoney(Number.NaN, 'en'))).toBe('R$0.00')
  })
})
