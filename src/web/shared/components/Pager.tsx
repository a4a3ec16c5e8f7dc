import { Button } from './Button';

/**
 * Newer and older pages of a newest-first list, and which page is shown; nothing when the list
 * fits one page. `class` places it where it stands.
 */
export const Pager = ({
  label,
  number,
  newer,
  older,
  class: placement,
}: {
  label: string;
  number: number;
  newer: (() => void) | undefined;
  older: (() => void) | undefined;
  class?: string;
}) =>
  newer || older ? (
    <nav class={placement ? `pager ${placement}` : 'pager'} aria-label={`${label} pages`}>
      <Button size="small" disabled={!newer} onClick={newer}>
        ← Newer
      </Button>
      <span>Page {number}</span>
      <Button size="small" disabled={!older} onClick={older}>
        Older →
      </Button>
    </nav>
  ) : null;
