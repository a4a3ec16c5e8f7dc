import { formatDateTime, timestampTitle } from '../../shared/format';

/** A moment to the second, its whole timestamp (milliseconds, zone) shown on hover. */
export const Timestamp = ({ iso }: { iso: string }) => (
  <time dateTime={iso} title={timestampTitle(iso)}>
    {formatDateTime(iso)}
  </time>
);
