import { rules } from '@atende/ui'

/** The shared form rules (they live in @atende/ui so the modules use the same ones). Return i18n keys. */
export const { EMAIL_RE, PASSWORD_RE, required, email, cnpj, password, length, all, hasErrors } = rules
export type { Errors } from '@atende/ui'
