/**
 * The campaigns plugin's published contract, version 1: the wire types of its routes (for the
 * campaigns module). TypeBox only, so the front end's types stay small.
 */
export * from './contact-lists/api.ts'
export * from './campaigns/wire.ts'
