import { ErrorCodes, forbidden, notFound, type Kernel } from '@atende/sdk'

/** Keys the login and sign-up screens read before anyone logs in, answered for the platform company. */
export const PUBLIC_KEYS = new Set(['userCreation'])

export function createSettingService(kernel: Kernel) {
  return {
    all: (companyId: number) => kernel.settings.all(companyId),

    async get(companyId: number, key: string) {
      return { key, value: await kernel.settings.get(companyId, key) }
    },

    /**
     * kernel.settings.set rejects unknown keys (404) and values outside the allowed list (400, field
     * value); a managed key (the platform's switch, e.g. campaignsEnabled) is the super user's (403).
     */
    async set(companyId: number, key: string, value: string, by: { super: boolean }) {
      if (!by.super && kernel.settings.definitions().find((d) => d.key === key)?.managed)
        throw forbidden(ErrorCodes.NO_PERMISSION, `"${key}" is set by the platform's administrator`)
      // The value it had (the default when never set), for the audit log's "disabled → enabled".
      const previous = await kernel.settings.get(companyId, key)
      const saved = await kernel.settings.set(companyId, key, value)
      await kernel.bus.emit('setting.updated', { companyId, ...saved, previous })
      return saved
    },

    async getPublic(key: string) {
      if (!PUBLIC_KEYS.has(key)) throw notFound(ErrorCodes.NO_SETTING_FOUND, `Setting "${key}" is not public`)
      // The platform company (the super user's) owns platform-wide switches such as sign-up.
      const platformId = await kernel.accounts.platformCompanyId()
      if (!platformId) throw notFound(ErrorCodes.NO_SETTING_FOUND, 'Platform company not found')
      return { key, value: await kernel.settings.get(platformId, key) }
    },
  }
}
