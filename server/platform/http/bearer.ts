/** The bearer credential of a request's Authorization header, or undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
