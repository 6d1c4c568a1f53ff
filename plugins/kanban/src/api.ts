/**
 * The kanban plugin's published contract, types only. The board owns no data: it reads tags and
 * tickets through their plugins' routes and frames, so its contract is theirs, named here once for
 * the kanban module.
 */
export type { Tag, TagFrame } from '@atende/plugin-tags/api'
export type { TicketFrame, TicketStatus } from '@atende/plugin-tickets/api'
