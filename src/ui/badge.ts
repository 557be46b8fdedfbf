// Badge caps (spec §9): sets 999, my tasks 99999, all tasks 999999, selected tasks 99 — above the cap a badge
// reads "{cap}+".

/** The text of a badge: the count, or "{max}+" above `max`; anything that is not a positive count reads 0. */
export function capBadge(value: number | null | undefined, max: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return '0';
  const whole = Math.floor(value);
  return whole > max ? `${max}+` : String(whole);
}
