import { rules } from '@atende/ui'

/** The shared form rules (they live in @atende/ui so the modules use the same ones). Return Problems; `say(t, problem)` gives their text. */
export const { EMAIL_RE, PASSWORD_RE, required, email, cnpj, password, length, maxLength, all, hasErrors, say } = rules
export type { Errors } from '@atende/ui'

/** A person's (and a signing-up company's) name: the users' limit on the server (plugins/users, plugins/companies). */
export const NAME_MAX = 50
