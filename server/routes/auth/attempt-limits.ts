import type { FastifyInstance } from 'fastify';
import { clearAttempts, countAttempt, pruneAttempts } from '../../db/sign-in-attempts-repository';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface SignInLimits {
  /** Attempts per e-mail from one address. */
  perEmailIp: LimitRule;
  /** Attempts from one address, whatever the e-mail. */
  perIp: LimitRule;
}

export const defaultSignInLimits: SignInLimits = {
  perEmailIp: { max: 10, windowMs: 15 * 60_000 },
  perIp: { max: 50, windowMs: 15 * 60_000 },
};

/**
 * Fixed-window limits on attempts per address and per e-mail from an address, for one action (`scope`).
 * Attempts are counted in the database, so every API instance behind a balancer counts the same ones.
 */
export function attemptLimits(app: FastifyInstance, scope: string, limits: SignInLimits) {
  const pruner = setInterval(() => void pruneAttempts(app.db).catch(() => undefined), limits.perIp.windowMs);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));
  const keyOf = (email: string, ip: string) => `${scope}:email-ip:${email}|${ip}`;
  return {
    /** Counts an attempt; false when the address or the e-mail from it has used its allowance. */
    async allow(email: string, ip: string): Promise<boolean> {
      const perIp = await countAttempt(app.db, `${scope}:ip:${ip}`, limits.perIp.windowMs);
      const perEmailIp = await countAttempt(app.db, keyOf(email, ip), limits.perEmailIp.windowMs);
      return perIp <= limits.perIp.max && perEmailIp <= limits.perEmailIp.max;
    },
    /** A successful attempt forgives the e-mail's earlier failures from this address. */
    forgive: (email: string, ip: string) => clearAttempts(app.db, keyOf(email, ip)),
  };
}
