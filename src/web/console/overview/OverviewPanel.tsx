import type { ComponentChildren } from 'preact';
import type { Tone } from '../../shared/components';
import { Badge, ErrorState, Loading } from '../../shared/components';
import type { Loaded } from '../../shared/useLoad';

/**
 * One part of the overview: a heading with how it stands in a word, what it found, and a link to
 * the page that shows all of it. Each part loads on its own, so a slow one holds up no other.
 */
export const OverviewPanel = <T,>({
  id,
  title,
  loaded,
  standing,
  more,
  children,
}: {
  id: string;
  title: string;
  loaded: Loaded<T> & { reload: () => void };
  /** How it stands, once loaded: a word and its tone. */
  standing: (data: T) => [string, Tone];
  /** The page with all of it. */
  more?: { href: string; label: string };
  children: (data: T) => ComponentChildren;
}) => {
  const headingId = `overview-${id}`;
  const badge = loaded.state === 'ready' ? standing(loaded.data) : undefined;
  return (
    <section class="card overview-panel" aria-labelledby={headingId} data-overview={id}>
      <header class="overview-panel-head">
        <h2 id={headingId}>{title}</h2>
        {badge && <Badge tone={badge[1]}>{badge[0]}</Badge>}
      </header>
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'failed' && <ErrorState problem={loaded.problem} onRetry={loaded.reload} />}
      {loaded.state === 'ready' && children(loaded.data)}
      {more && (
        <a class="overview-more" href={more.href}>
          {more.label} →
        </a>
      )}
    </section>
  );
};
