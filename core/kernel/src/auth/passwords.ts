import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import bcrypt from 'bcryptjs'

/**
 * Password hashing with Node's scrypt: memory-hard and computed in libuv's thread pool, so a burst
 * of logins does not stall every other request the way a pure-JS bcrypt does (~80 ms of main
 * thread per login, measured by scripts/bench/api). Hashes read `scrypt$<log2N>$<r>$<p>$<salt>$<key>`.
 * bcrypt hashes (`$2…`) are still verified, so imported users keep their passwords.
 */
const COST = Number(process.env.PASSWORD_HASH_COST || 15) // log2 N: 2^15 × r 8 = 32 MiB, ~60 ms off-thread
const R = 8
const P = 1
const KEY_LEN = 32

function derive(password: string, salt: Buffer, cost: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: 2 ** cost, r, p, maxmem: 256 * 2 ** cost * r }
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST, R, P)
  return ['scrypt', COST, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$2')) return bcrypt.compare(password, stored)
  const [kind, cost, r, p, salt, key] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(cost), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
