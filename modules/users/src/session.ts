import type { Session } from '@atende/client'
import type { User } from './types.ts'

/** After the signed-in user edits themself, the top bar's name and picture follow at once. */
export function syncSessionUser(session: Session, saved: User) {
  const token = session.getToken()
  const current = session.getUser()
  if (!token || !current || current.id !== saved.id) return
  session.saveLogin({
    token,
    user: {
      ...current,
      name: saved.name,
      email: saved.email,
      profilePicture: saved.profilePicture,
      profile: saved.profile,
      allTicket: saved.allTicket,
      queueIds: saved.queueIds,
      whatsappId: saved.whatsappId,
    },
  })
}
