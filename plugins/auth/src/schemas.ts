import { Type } from '@sinclair/typebox'
import { UserView } from '@atende/sdk'

/** The sign-in routes' bodies and answers (routes.ts); the user is the kernel's UserView with every plugin's fields. */
export const LoginBody = Type.Object({
  cnpj: Type.String({ maxLength: 30, description: 'company CNPJ, masked or digits' }),
  email: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
})
export const SessionAnswer = Type.Object({ token: Type.String(), user: Type.Ref(UserView) })
/** A sign-in may also carry what the user must be told, once (SDK SecurityNotice). */
export const SecurityNotice = Type.Object(
  {
    code: Type.Literal('SESSION_REVOKED_REUSE', {
      description: 'a session was ended because its refresh token was used twice',
    }),
    at: Type.String({ format: 'date-time', description: 'when the session was ended' }),
  },
  { description: 'present once, at the first sign-in after the event' },
)
export const LoginAnswer = Type.Object({
  token: Type.String(),
  user: Type.Ref(UserView),
  securityNotice: Type.Optional(SecurityNotice),
})
