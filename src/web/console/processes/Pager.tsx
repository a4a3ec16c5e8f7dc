import { Button } from '../../shared/components';

/** Moves through a list a page at a time; says which page is shown. */
export const Pager = ({
  label,
  number,
  previous,
  next,
}: {
  label: string;
  number: number;
  previous: (() => void) | undefined;
  next: (() => void) | undefined;
}) =>
  previous || next ? (
    <nav class="proc-pager" aria-label={`${label} pages`}>
      <Button size="small" disabled={!previous} onClick={previous}>
        ← Newer
      </Button>
      <span>Page {number}</span>
      <Button size="small" disabled={!next} onClick={next}>
        Older →
      </Button>
    </nav>
  ) : null;
