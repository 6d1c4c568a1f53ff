import { describe, expect, it } from 'vitest'
import type { Message } from '../../../modules/tickets/src/types.ts'
import {
  buildTimeline,
  dayLabel,
  frameBelongs,
  localDay,
  mergeMessages,
  tickKind,
  upsertMessage,
} from '../../../modules/tickets/src/chat/timeline.ts'
import {
  audioFileName,
  cleanBody,
  extractMentions,
  filterQuickReplies,
  formatBytes,
  insertMention,
  keepAudio,
  mentionQuery,
  participantsOf,
  quickReplyLabel,
  quickReplyTerm,
  readSignPreference,
  rowsFor,
  signBody,
  splitBySize,
} from '../../../modules/tickets/src/chat/compose.ts'
import { locationOf, vcardsOf } from '../../../modules/tickets/src/chat/content.ts'

let seq = 0
function msg(over: Partial<Message> = {}): Message {
  const id = over.id ?? ++seq
  return {
    id,
    companyId: 1,
    ticketId: 1,
    contactId: 7,
    whatsappId: 1,
    providerId: `p${id}`,
    body: 'oi',
    fromMe: false,
    mediaUrl: null,
    mediaType: null,
    mediaName: null,
    ack: 0,
    read: true,
    isDeleted: false,
    isEdited: false,
    quotedMsgId: null,
    quotedMsg: null,
    participant: null,
    sendStatus: null,
    sendError: null,
    userId: null,
    createdAt: '2026-11-20T12:00:00',
    updatedAt: '2026-11-20T12:00:00',
    ...over,
  }
}

describe('buildTimeline', () => {
  it('puts a day separator before the first message of each local day', () => {
    const rows = buildTimeline([
      msg({ id: 1, createdAt: '2026-11-20T09:00:00' }),
      msg({ id: 2, createdAt: '2026-11-20T18:00:00' }),
      msg({ id: 3, createdAt: '2026-11-21T08:00:00' }),
    ])
    expect(rows.map((r) => r.kind)).toEqual(['day', 'message', 'message', 'day', 'message'])
  })

  it('marks the end of one ticket and the start of the next between messages of different tickets', () => {
    const rows = buildTimeline([msg({ id: 1, ticketId: 5 }), msg({ id: 2, ticketId: 9 })])
    const markers = rows.filter((r) => r.kind === 'marker')
    expect(markers).toMatchObject([
      { marker: 'closed', ticketId: 5 },
      { marker: 'started', ticketId: 9 },
    ])
    expect(rows.map((r) => r.kind)).toEqual(['day', 'message', 'marker', 'marker', 'message'])
  })

  it('shows a group participant when the author changes, never on own messages', () => {
    const rows = buildTimeline(
      [
        msg({ id: 1, participant: '5511911111111' }),
        msg({ id: 2, participant: '5511911111111' }),
        msg({ id: 3, participant: '5511922222222' }),
        msg({ id: 4, fromMe: true }),
        msg({ id: 5, participant: '5511922222222' }),
      ],
      true,
    )
    const shown = rows.flatMap((r) => (r.kind === 'message' ? [r.showParticipant] : []))
    expect(shown).toEqual([true, false, true, false, true])
    expect(
      buildTimeline([msg({ participant: '5511911111111' })], false).some(
        (r) => r.kind === 'message' && r.showParticipant,
      ),
    ).toBe(false)
  })
})

describe('dayLabel', () => {
  const now = new Date('2026-11-24T10:00:00')
  it('says today, yesterday or the date', () => {
    expect(dayLabel('2026-11-24T01:00:00', now)).toEqual({ kind: 'today' })
    expect(dayLabel('2026-11-23T23:00:00', now)).toEqual({ kind: 'yesterday' })
    expect(dayLabel('2026-02-03T10:00:00', now)).toEqual({ kind: 'date', text: '03/02/2026' })
    expect(localDay('nonsense')).toBe('')
  })
})

describe('message merge', () => {
  it('appends new messages in id order and replaces known ones in place', () => {
    const a = msg({ id: 10 }),
      b = msg({ id: 12 })
    let list = upsertMessage([a, b], msg({ id: 11 }))
    expect(list.map((m) => m.id)).toEqual([10, 11, 12])
    list = upsertMessage(list, msg({ id: 13 }))
    expect(list.map((m) => m.id)).toEqual([10, 11, 12, 13])
    list = upsertMessage(list, { ...b, ack: 3, isEdited: true, body: 'novo' })
    expect(list[2]).toMatchObject({ id: 12, ack: 3, isEdited: true, body: 'novo' })
    expect(list).toHaveLength(4)
  })

  it('keeps the quoted message an update frame lacks and the same array when nothing changed', () => {
    const quoted = { id: 1, body: 'q', fromMe: false, mediaType: null, isDeleted: false }
    const a = msg({ id: 20, quotedMsgId: 1, quotedMsg: quoted })
    const list = [a]
    expect(upsertMessage(list, { ...a, quotedMsg: null, ack: 2 })[0]!.quotedMsg).toBe(quoted)
    expect(upsertMessage(list, { ...a, quotedMsg: null })).toBe(list)
  })

  it('merges an older page and a repeated answer without duplicates', () => {
    const list = [msg({ id: 30 }), msg({ id: 31 })]
    const merged = mergeMessages(list, [msg({ id: 28 }), msg({ id: 29 }), msg({ id: 30 })])
    expect(merged.map((m) => m.id)).toEqual([28, 29, 30, 31])
  })

  it('takes frames of this ticket or of the same contact', () => {
    expect(frameBelongs({ message: msg({ ticketId: 3 }) }, 3, 7)).toBe(true)
    expect(frameBelongs({ message: msg({ ticketId: 4, contactId: 7 }), ticket: { contactId: 7 } }, 3, 7)).toBe(true)
    expect(frameBelongs({ message: msg({ ticketId: 4, contactId: 8 }), ticket: { contactId: 8 } }, 3, 7)).toBe(false)
  })
})

describe('tickKind', () => {
  it('maps acks to ticks and lets a failed send win', () => {
    expect([0, 1, 2, 3, 4, 5].map((ack) => tickKind({ ack, sendStatus: 'sent' }))).toEqual([
      'pending',
      'sent',
      'delivered',
      'delivered',
      'read',
      'read',
    ])
    expect(tickKind({ ack: 3, sendStatus: 'failed' })).toBe('failed')
  })
})

describe('quick replies', () => {
  it('suggests only after "/" and one more character', () => {
    expect(quickReplyTerm('/')).toBeNull()
    expect(quickReplyTerm('oi')).toBeNull()
    expect(quickReplyTerm('/bo')).toBe('bo')
  })
  it('cuts labels at 35 characters', () => {
    expect(quickReplyLabel({ shortcode: 'oi', message: 'Olá' })).toBe('oi - Olá')
    const long = quickReplyLabel({ shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar você hoje?' })
    expect(long).toBe(`${'bomdia - Bom dia! Em que posso ajud'}...`)
    expect(long.length).toBe(38)
  })
  it('filters by shortcode, prefix matches first', () => {
    const list = [{ shortcode: 'xbom' }, { shortcode: 'bomdia' }, { shortcode: 'tchau' }]
    expect(filterQuickReplies(list, 'BOM').map((q) => q.shortcode)).toEqual(['bomdia', 'xbom'])
    expect(filterQuickReplies(list, '')).toHaveLength(3)
  })
})

describe('composer rules', () => {
  it('signs the body when on', () => {
    expect(signBody('oi', 'Ana', true)).toBe('*Ana:*\noi')
    expect(signBody('oi', 'Ana', false)).toBe('oi')
    expect(signBody('oi', null, true)).toBe('oi')
  })
  it('never sends blank bodies', () => {
    expect(cleanBody('   \n ')).toBeNull()
    expect(cleanBody('  oi \n')).toBe('oi')
  })
  it('reads the sign preference with a default of on', () => {
    expect(readSignPreference({ getItem: () => null })).toBe(true)
    expect(readSignPreference({ getItem: () => 'false' })).toBe(false)
  })
  it('discards short recordings and names the file by its format', () => {
    expect(keepAudio(9_999)).toBe(false)
    expect(keepAudio(10_000)).toBe(true)
    expect(audioFileName('audio/webm;codecs=opus')).toBe('audio.webm')
    expect(audioFileName('audio/ogg')).toBe('audio.ogg')
    expect(audioFileName('audio/mp4')).toBe('audio.m4a')
  })
  it('grows the input up to 5 rows', () => {
    expect(rowsFor('')).toBe(1)
    expect(rowsFor('a\nb')).toBe(2)
    expect(rowsFor('1\n2\n3\n4\n5\n6\n7')).toBe(5)
  })
})

describe('mentions', () => {
  const msgs = [
    msg({ participant: '5511911111111@s.whatsapp.net' }),
    msg({ participant: '5511922222222' }),
    msg({ participant: '5511911111111' }),
    msg({ fromMe: true, participant: '5511933333333' }),
  ]
  it('lists the participants seen, once each', () => {
    expect(participantsOf(msgs)).toEqual(['5511911111111', '5511922222222'])
  })
  it('finds the mention being typed and inserts the number', () => {
    expect(mentionQuery('oi @55')).toBe('55')
    expect(mentionQuery('oi @')).toBe('')
    expect(mentionQuery('email@x')).toBeNull()
    expect(insertMention('oi @55 tudo', 6, '5511911111111')).toEqual({ text: 'oi @5511911111111  tudo', caret: 18 })
  })
  it('extracts the jids of known participants', () => {
    expect(extractMentions('oi @5511911111111 e @5511999999999 e @5511911111111', ['5511911111111'])).toEqual([
      '5511911111111@s.whatsapp.net',
    ])
  })
})

describe('special bodies', () => {
  it('reads locations as links', () => {
    expect(locationOf('-23.55,-46.63\nPraça da Sé')).toEqual({
      url: 'https://maps.google.com/maps?q=-23.55,-46.63',
      label: 'Praça da Sé',
    })
    expect(locationOf('https://maps.google.com/?q=1,2')?.url).toBe('https://maps.google.com/?q=1,2')
    expect(locationOf('oi')).toBeNull()
  })
  it('reads contact cards', () => {
    const v = 'BEGIN:VCARD\nVERSION:3.0\nN:;Ana;;;\nFN:Ana\nTEL;type=CELL;waid=5511988887777:+5511988887777\nEND:VCARD'
    expect(vcardsOf(v)).toEqual([{ name: 'Ana', number: '5511988887777' }])
    expect(vcardsOf(`${v}\n${v.replace(/Ana/g, 'Bia')}`)).toHaveLength(2)
  })
})

describe("attachments over the server's limit", () => {
  const MB = 1024 * 1024
  it('keeps the files within the limit and sets aside the larger ones (none when the limit is unknown)', () => {
    const small = { name: 'foto.png', size: 200_000 }
    const exact = { name: 'doc.pdf', size: 16 * MB }
    const big = { name: 'video.mp4', size: 40 * MB }
    expect(splitBySize([small, big, exact], 16 * MB)).toEqual({ kept: [small, exact], refused: [big] })
    expect(splitBySize([small, big], null)).toEqual({ kept: [small, big], refused: [] })
  })
  it("writes sizes the page's way, 1024-based like MEDIA_MAX_BYTES", () => {
    expect(formatBytes(16 * MB, 'pt')).toBe('16 MB')
    expect(formatBytes(40 * MB, 'en')).toBe('40 MB')
    expect(formatBytes(1.5 * MB, 'pt')).toBe('1,5 MB')
    expect(formatBytes(1.5 * MB, 'en')).toBe('1.5 MB')
    expect(formatBytes(2048, 'es')).toBe('2 KB')
    expect(formatBytes(10, 'pt')).toBe('1 KB')
  })
})
