import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../platform/http/http-errors';
import {
  type BackoffRule,
  clearAttempts,
  countAttempt,
  pruneAttempts,
  restartBackoffDelay,
  takeBackoffAttempt,
} from '../sign-in-attempts-repository';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface SignInLimits {
  /** Attempts per e-mail from one address: a short, doubling delay after some. */
  perEmailIp: BackoffRule;
  /** Attempts from one address, whatever the e-mail: a short, doubling delay after some. */
  perIp: BackoffRule;
  /** Sign-ins per e-mail from any address: a short, doubling delay after some failures. */
  perAccount: BackoffRule;
  /** Mails per account (change-email) or per e-mail (forgot-password), from any address. */
  mailsPerAccount: LimitRule;
}

/**
 * Every limit slows, none locks (issue 43 §2.4). The per-address limits used to be fixed windows (50 attempts,
 * then nothing for 15 minutes): behind a balancer whose address TRUST_PROXY did not name, every client had the
 * balancer's address, and 55 strangers' failures kept the real admin out for 15 minutes. An address — which
 * may be shared: a balancer, an office's NAT, a carrier's — now gets its free attempts, then must wait 1 s, 2 s,
 * 4 s … up to a minute between attempts: whoever shares it with a guesser waits at most a minute, while the
 * guesser gets one guess a minute (fewer than the 50 per 15 minutes before). Per account: 5 failures, then
 * 1 s, 2 s, 4 s … up to 5 minutes between guesses — about 300 guesses a day from the whole internet, while a
 * stranger who keeps guessing keeps the owner out at most 5 minutes at a time.
 */
export const defaultSignInLimits: SignInLimits = {
  perEmailIp: { freeAttempts: 10, baseDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 },
  perIp: { freeAttempts: 50, baseDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 },
  perAccount: { freeAttempts: 5, baseDelayMs: 1000, maxDelayMs: 5 * 60_000, forgetMs: 60 * 60_000 },
  mailsPerAccount: { max: 5, windowMs: 60 * 60_000 },
};

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts, try again later';
export const TOO_MANY_MAILS = 'Too many e-mails requested, try again later';

function startPruner(app: FastifyInstance, everyMs: number) {
  const pruner = setInterval(() => void pruneAttempts(app.db).catch(() => undefined), everyMs);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));
}

/** A back-off's row must outlive its delay, or pruning it would lift the delay early. */
const keptFor = (rule: BackoffRule): BackoffRule => ({
  ...rule,
  forgetMs: Math.max(rule.forgetMs, rule.maxDelayMs),
});

/**
 * Back-offs on attempts per address and per e-mail from an address, for one action (`scope`): after the free
 * attempts each one must wait a doubling delay (see defaultSignInLimits). Attempts are counted in the
 * database, so every API instance behind a balancer counts the same ones. A refusal is a 429 whose Retry-After
 * says when the delay ends.
 */
export function attemptLimits(app: FastifyInstance, scope: string, limits: SignInLimits, message: string) {
  const perIp = keptFor(limits.perIp);
  const perEmailIp = keptFor(limits.perEmailIp);
  startPruner(app, Math.min(perIp.forgetMs, perEmailIp.forgetMs));
  const keyOf = (email: string, ip: string) => `${scope}:email-ip:${email}|${ip}`;
  return {
    /** Takes an attempt; throws 429 while the address, or the e-mail from it, is in its delay. */
    async take(email: string, ip: string): Promise<void> {
      for (const [key, rule] of [
        [`${scope}:ip:${ip}`, perIp],
        [keyOf(email, ip), perEmailIp],
      ] as const) {
        const attempt = await takeBackoffAttempt(app.db, key, rule);
        if (!attempt.taken) throw tooManyRequests(message, attempt.retryAfterMs);
      }
    },
    /** A successful attempt forgives the e-mail's earlier failures from this address. */
    forgive: (email: string, ip: string) => clearAttempts(app.db, keyOf(email, ip)),
  };
}

/**
 * The per-account back-off on sign-in, whatever address the guesses come from (rotating addresses, or a botnet,
 * gets no more guesses than one address). Keyed by the e-mail as typed (normalised), whether or not an account
 * has it, so a refusal tells nothing about which e-mails exist.
 */
export function accountBackoff(app: FastifyInstance, scope: string, rule: BackoffRule) {
  const kept = keptFor(rule);
  const keyOf = (email: string) => `${scope}:account:${email}`;
  return {
    /** Takes an attempt for the e-mail; throws 429 with Retry-After while the e-mail is in its delay. */
    async take(email: string): Promise<void> {
      const attempt = await takeBackoffAttempt(app.db, keyOf(email), kept);
      if (!attempt.taken) throw tooManyRequests(TOO_MANY_SIGN_INS, attempt.retryAfterMs);
    },
    /** The password was wrong: the delay (if any) counts from this answer. */
    failed: (email: string) => restartBackoffDelay(app.db, keyOf(email), kept),
    /** The owner signed in: the e-mail starts again with its free attempts. */
    forgive: (email: string) => clearAttempts(app.db, keyOf(email)),
  };
}

/**
 * A limit on the mails one account can cause (confirmation links, reset links), from any address, so that the
 * console cannot be used to flood someone's mailbox. `key` names the account (or the e-mail) the mail is for.
 */
export function mailLimit(app: FastifyInstance, scope: string, rule: LimitRule) {
  startPruner(app, rule.windowMs);
  return async (key: string): Promise<void> => {
    const counted = await countAttempt(app.db, `${scope}:mails:${key}`, rule.windowMs);
    if (counted.hits > rule.max) throw tooManyRequests(TOO_MANY_MAILS, counted.retryAfterMs);
  };
}
