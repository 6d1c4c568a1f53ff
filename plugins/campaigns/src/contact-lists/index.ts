import type { FastifyInstance } from 'fastify'
import type { Kernel } from '@atende/sdk'

/** Contact lists and their items (administration.md §2, §3, §5, §7): being built. */
export function registerContactLists(_app: FastifyInstance, _kernel: Kernel) {}
