/**
 * A plugin that reads or sets cookies says so by importing this (`import type {} from
 * '@atende/sdk/cookies'`): the kernel registers @fastify/cookie, and this import brings its
 * decorations (request.cookies, reply.setCookie / clearCookie) into the plugin's types.
 */
export type { CookieSerializeOptions } from '@fastify/cookie'
