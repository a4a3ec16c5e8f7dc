import { useState } from 'preact/hooks';
import { useLoad } from '../../shared/useLoad';

type Page = { has_more: boolean; next_cursor: string | null };

/**
 * A list read page by page with the API's cursors: the cursors of the pages already seen are
 * kept, so "Previous" goes back without the API having to page backwards. Give the hook a new
 * `key` (a filter changed) to start again from the first page.
 */
export const useCursorPages = <P extends Page>(
  load: (cursor: string | undefined) => Promise<P>,
  key: string,
) => {
  const [trail, setTrail] = useState<{ key: string; cursors: Array<string | undefined> }>({
    key,
    cursors: [undefined],
  });
  const cursors = trail.key === key ? trail.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const page = useLoad(() => load(cursor), [key, cursor]);
  const next =
    page.state === 'ready' && page.data.has_more && page.data.next_cursor
      ? () => setTrail({ key, cursors: [...cursors, page.data.next_cursor ?? undefined] })
      : undefined;
  const previous =
    cursors.length > 1 ? () => setTrail({ key, cursors: cursors.slice(0, -1) }) : undefined;
  return { page, number: cursors.length, next, previous };
};
