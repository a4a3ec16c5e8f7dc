const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const count = new Intl.NumberFormat();

/** A timestamp of the API (RFC 3339) as the reader's local date and time. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** Only the time of day, for what happens today (a session's end). */
export const formatTime = (iso: string): string => time.format(new Date(iso));

export const formatCount = (n: number): string => count.format(n);
