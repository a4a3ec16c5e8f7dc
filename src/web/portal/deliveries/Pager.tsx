import { Button } from '../../shared/components';
import type { CursorPages } from './useCursorPages';

/** Newer and older pages of a list, and where the reader is. */
export const Pager = ({
  pages,
  nextCursor,
  what,
}: {
  pages: CursorPages;
  nextCursor: string | null;
  what: string;
}) =>
  pages.page === 1 && nextCursor === null ? null : (
    <nav class="delivery-pager" aria-label={`Pages of ${what}`}>
      <Button size="small" onClick={pages.newer} disabled={pages.page === 1}>
        ← Newer
      </Button>
      <span class="delivery-pager-page">Page {pages.page}</span>
      <Button
        size="small"
        onClick={() => nextCursor && pages.older(nextCursor)}
        disabled={nextCursor === null}
      >
        Older →
      </Button>
    </nav>
  );
