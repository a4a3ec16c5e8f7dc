import { useCallback, useState } from 'preact/hooks';

export type CursorPages = {
  /** The cursor of the page shown; undefined for the newest. */
  cursor: string | undefined;
  /** 1 for the newest page. */
  page: number;
  older: (nextCursor: string) => void;
  newer: () => void;
  first: () => void;
};

/**
 * Paging through a newest-first list with the API's cursors: the cursors of the pages passed are
 * kept, so "Newer" goes back the way "Older" came.
 */
export const useCursorPages = (): CursorPages => {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    older: useCallback((next: string) => setCursors((c) => [...c, next]), []),
    newer: useCallback(() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)), []),
    first: useCallback(() => setCursors([undefined]), []),
  };
};
