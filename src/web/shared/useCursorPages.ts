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
 * kept, so "Newer" goes back the way "Older" came without the API paging backwards. A new `key`
 * (a filter changed) starts again from the newest page.
 */
export const useCursorPages = (key = ''): CursorPages => {
  const [trail, setTrail] = useState<{ key: string; cursors: Array<string | undefined> }>({
    key,
    cursors: [undefined],
  });
  const cursors = trail.key === key ? trail.cursors : [undefined];
  const move = (next: Array<string | undefined>) => setTrail({ key, cursors: next });
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    older: (nextCursor) => move([...cursors, nextCursor]),
    newer: () => move(cursors.length > 1 ? cursors.slice(0, -1) : cursors),
    first: useCallback(() => setTrail({ key, cursors: [undefined] }), [key]),
  };
};
