export interface LimitRule {
  max: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts hits per key in fixed windows, in this process's memory. Good enough for one instance; with several
 * instances each keeps its own count, which multiplies the limit by the number of instances at worst.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a hit; false when the key has already used its allowance in the current window. */
  hit(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.rule.windowMs });
      return true;
    }
    current.count += 1;
    return current.count <= this.rule.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.rule.windowMs;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}
