/*
 * Times to the second: two attempts a few seconds apart must not read alike. The full timestamp,
 * with its milliseconds and the zone, goes in a tooltip (`timestampTitle`).
 */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const full = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'long',
});
const count = new Intl.NumberFormat();

/** A timestamp of the API (RFC 3339) as the reader's local date and time, to the second. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** Only the time of day, to the second, for what happens today (a session's end). */
export const formatTime = (iso: string): string => time.format(new Date(iso));

/**
 * The whole of a timestamp, for a `title`: the reader's long local form and the API's own value,
 * milliseconds and all (what to quote to support, or to match in a receiver's logs).
 */
export const timestampTitle = (iso: string): string => `${full.format(new Date(iso))} (${iso})`;

export const formatCount = (n: number): string => count.format(n);
