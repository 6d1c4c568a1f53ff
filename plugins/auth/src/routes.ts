import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { LoginAnswer, LoginBody, SessionAnswer } from './schemas.ts'
import type { Kernel } from '@atende/sdk'
import { AppError, ErrorCodes, ErrorResponse, MessageResponse, UserView } from '@atende/sdk'
import { createLoginService, normaliseEmail, sessionView, type LoginResult } from './service.ts'
import type {} from '@atende/sdk/cookies'

export const REFRESH_COOKIE = 'jrt'
const COOKIE_PATH = '/api/auth'

const Err = Type.Ref(ErrorResponse)
const tags = ['auth']

export async function registerSessionRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const svc = createLoginService(kernel)

  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, result: LoginResult) => {
    reply.setCookie(REFRESH_COOKIE, result.refreshToken, {
      httpOnly: true,
      path: COOKIE_PATH,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: kernel.config.refreshTokenTtlSeconds,
    })
  }
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH })

  app.post(
    '/auth/login',
    {
      config: {
        public: true,
        // Brute-force guard per client and account; counted after the body is parsed (the key needs it).
        // The email is keyed as the lookup reads it: ' Ana@X.com' and 'ana@x.com' share one allowance.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => {
            const b = (req.body ?? {}) as { cnpj?: string; email?: string }
            return `login:${req.ip}:${String(b.cnpj ?? '').replace(/\D/g, '')}:${normaliseEmail(b.email)}`
          },
        },
      },
      schema: {
        tags,
        summary: 'Sign in with company CNPJ, email and password; sets the refresh cookie',
        body: LoginBody,
        response: { 200: LoginAnswer, 400: Err, 401: Err, 403: Err, 412: Err, 429: Err },
      },
    },
    async (request, reply) => {
      const result = await svc.login(request.body, { userAgent: request.headers['user-agent'], ip: request.ip })
      setRefreshCookie(request, reply, result)
      const { token, user, securityNotice } = result
      return securityNotice ? { token, user, securityNotice } : { token, user }
    },
  )

  app.post(
    '/auth/refresh_token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for a new access token (rotates the cookie)',
        response: { 200: SessionAnswer, 401: Err, 403: Err },
      },
    },
    async (request, reply) => {
      try {
        const result = await svc.refresh(request.cookies[REFRESH_COOKIE], {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        })
        setRefreshCookie(request, reply, result)
        return { token: result.token, user: result.user }
      } catch (err) {
        clearRefreshCookie(reply)
        throw err
      }
    },
  )

  app.get(
    '/auth/me',
    {
      config: { allowExpired: true },
      schema: { tags, summary: 'The signed-in user', response: { 200: Type.Ref(UserView), 401: Err } },
    },
    async (request) => {
      const view = await sessionView(kernel, request.auth.userId)
      if (!view) throw new AppError(ErrorCodes.SESSION_EXPIRED, 401, 'Session expired, please log in')
      return view
    },
  )

  app.delete(
    '/auth/logout',
    {
      config: { allowExpired: true },
      schema: { tags, summary: 'End this session', response: { 200: MessageResponse, 401: Err } },
    },
    async (request, reply) => {
      await svc.logout(request.auth)
      clearRefreshCookie(reply)
      return { message: 'Logged out' }
    },
  )
}
