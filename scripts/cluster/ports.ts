import { createServer, type AddressInfo } from 'node:net'

/** A loopback port nobody listens on right now (the OS picks it; closed again before use). */
export async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve, reject) => s.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}
