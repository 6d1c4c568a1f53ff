import { createAtendeClient, sessionEndHandler } from '@atende/client'
import { toast } from '@atende/ui'

let goToLogin: () => void = () => window.location.assign('/login')

/** The router registers how to reach /login without a reload. */
export function setLoginNavigator(fn: () => void) { goToLogin = fn }

/** The one API client/session/socket of the page; modules reach it through @atende/client hooks. */
export const client = createAtendeClient({
  onSessionEnded: (reason, source) => endSession(reason, source),
})

const endSession = sessionEndHandler({
  session: client.session,
  goToLogin: () => goToLogin(),
  notify: (message) => toast.warning(message, 3000),
})
