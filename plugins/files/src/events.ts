/**
 * The file-list events this plugin adds to the bus, and how they reach sockets: the spec's
 * `company-{id}-file` channel, `{ action: 'create'|'update', record }`
 * or `{ action: 'delete', id }`, to the company's room (every user of the company reads lists).
 */
import type { Kernel } from '@atende/sdk'
import type { FileList, FileListFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'fileList.created': { companyId: number; record: FileList }
    'fileList.updated': { companyId: number; record: FileList }
    'fileList.deleted': { companyId: number; id: number }
  }
}

export function mapRealtime(kernel: Kernel) {
  const to = (companyId: number, data: FileListFrame) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-file`,
    data,
  })
  kernel.realtime.map('fileList.created', (p) => to(p.companyId, { action: 'create', record: p.record }))
  kernel.realtime.map('fileList.updated', (p) => to(p.companyId, { action: 'update', record: p.record }))
  kernel.realtime.map('fileList.deleted', (p) => to(p.companyId, { action: 'delete', id: p.id }))
}
