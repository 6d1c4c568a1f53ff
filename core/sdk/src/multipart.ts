/**
 * A plugin that reads multipart bodies says so by importing this (`import type {} from
 * '@atende/sdk/multipart'`): the kernel registers @fastify/multipart for every route, and this
 * import is what brings its request decorations (isMultipart, parts, file) into the plugin's
 * types, instead of an ambient declaration some other file happens to load.
 */
export type { MultipartFile, MultipartValue, Multipart } from '@fastify/multipart'
