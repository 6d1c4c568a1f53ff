/** An unsigned JWT-shaped token with the given exp (the client never verifies signatures). */
export function fakeJwt(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: '1', exp: expSeconds, ...extra })}.sig`
}
