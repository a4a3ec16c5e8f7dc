/** A status or a step type as a reader says it: `user_action` is "User action". */
export const humanized = (word: string): string =>
  word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, ' ');

const preciseTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** A timestamp to the second: the events of a run are often a second or less apart. */
export const formatPreciseTime = (iso: string): string => preciseTime.format(new Date(iso));

/** How long a step took, in the unit that reads best: "120 ms", "4.2 s", "3 min 5 s". */
export const formatDuration = (fromIso: string, toIso: string): string => {
  const ms = Math.max(0, Date.parse(toIso) - Date.parse(fromIso));
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};
