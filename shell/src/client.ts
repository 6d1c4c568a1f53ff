import { createAtendeClient, sessionEndHandler } from '@atende/client'
import { toast } from '@atende/ui'
import i18n from './i18n/index.ts'

let goToLogin: () => void = () => window.location.assign('/login')

/** The router registers how to reach /login without a reload. */
export function setLoginNavigator(fn: () => void) {
  goToLogin = fn
}

/** The one API client/session/socket of the page; modules reach it through @atende/client hooks. */
export const client = createAtendeClient({
  onSessionEnded: (reason, source) => endSession(reason, source),
})

/**
 * How a session ends (sessionEndHandler): refresh refused → clear the session and go to /login; token expired
 * under the socket → reload; same user logged in elsewhere → 'Sua conta foi acessada em outro
 * computador.', clear local storage, reload after 1 s.
 */
const endSession = sessionEndHandler({
  session: client.session,
  goToLogin: () => goToLogin(),
  notify: () => toast.warning(i18n.t('session.replaced')),
})
