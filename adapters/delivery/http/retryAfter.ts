/** A Retry-After header in milliseconds from `now`: delay-seconds or an HTTP date. */
export const parseRetryAfter = (
  value: string | string[] | undefined,
  now: number,
): number | null => {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\s*\d+\s*$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
};
