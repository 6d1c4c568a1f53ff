import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import type { Vault } from '@atende/sdk'

const PREFIX = 'v1:'

/**
 * Secrets of tenants kept at rest (API keys of OpenAI and Azure, Dialogflow service accounts):
 * AES-256-GCM under the deployment's ENCRYPTION_KEY. Without one, the key is derived from
 * JWT_SECRET (HKDF, its own label), so an existing deployment keeps working; rotating that secret
 * then makes stored keys unreadable, which is why the README asks for ENCRYPTION_KEY in production.
 * A sealed value is `v1:<iv>.<tag>.<ciphertext>` (base64url); `open` of an unsealed value (written
 * before sealing existed) returns it as it is, so older rows keep working until saved again.
 */
export function createVault(encryptionKey: string | undefined, jwtSecret: string): Vault {
  const key = encryptionKey
    ? createHash('sha256').update(encryptionKey).digest()
    : Buffer.from(hkdfSync('sha256', jwtSecret, 'atende', 'atende-vault-v1', 32))
  return {
    seal(plain) {
      if (!plain) return ''
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`
    },
    open(sealed) {
      if (!sealed?.startsWith(PREFIX)) return sealed ?? ''
      const [iv, tag, body] = sealed
        .slice(PREFIX.length)
        .split('.')
        .map((s) => Buffer.from(s, 'base64url'))
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}
