import { useCursorPages } from '../../shared/useCursorPages';
import { useLoad } from '../../shared/useLoad';

type Page = { has_more: boolean; next_cursor: string | null };

/** A list loaded a page at a time, with the moves to the next and previous pages it allows. */
export const usePagedList = <P extends Page>(
  load: (cursor: string | undefined) => Promise<P>,
  key: string,
) => {
  const pages = useCursorPages(key);
  const page = useLoad(() => load(pages.cursor), [key, pages.cursor]);
  const nextCursor = page.state === 'ready' && page.data.has_more ? page.data.next_cursor : null;
  return {
    page,
    number: pages.page,
    older: nextCursor ? () => pages.older(nextCursor) : undefined,
    newer: pages.page > 1 ? pages.newer : undefined,
  };
};
