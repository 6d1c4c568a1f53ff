/**
 * Baileys is loaded on first use (it takes a few hundred milliseconds and pulls in libsignal,
 * protobufjs and sharp), so the connections plugin starts fast when no 'beta' connection runs.
 * Other files of this provider import its types only.
 */
export type BaileysLib = typeof import('@whiskeysockets/baileys')

let loading: Promise<BaileysLib> | undefined
export const loadBaileys = () => (loading ??= import('@whiskeysockets/baileys'))
