import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signatures of file URLs. The HMAC key is derived from the JWT secret with a label, so a file
 * signature can never be replayed as (or made from) anything else signed with that secret.
 */
export function createSigner(secret: string) {
  const key = createHmac('sha256', secret).update('atende:file-url:v1').digest()
  const sign = (fileKey: string, exp: number) =>
    createHmac('sha256', key).update(`${fileKey}\n${exp}`).digest('base64url')
  return {
    sign,
    /** True when `sig` was made by us for exactly this key and `exp`, and `exp` (unix seconds) has not passed. */
    verify(
      fileKey: string,
      exp: string | undefined,
      sig: string | undefined,
      nowSeconds = Math.floor(Date.now() / 1000),
    ): boolean {
      if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false
      if (Number(exp) < nowSeconds) return false
      const expected = Buffer.from(sign(fileKey, Number(exp)), 'base64url')
      const given = Buffer.from(sig, 'base64url')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
export type Signer = ReturnType<typeof createSigner>
