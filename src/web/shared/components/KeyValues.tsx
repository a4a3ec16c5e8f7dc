import type { ComponentChildren } from 'preact';

/** Facts of one thing, each a term and its value, two columns wide where there is room. */
export const KeyValues = ({ items }: { items: Array<[string, ComponentChildren]> }) => (
  <dl class="key-values">
    {items.map(([term, value]) => (
      <div key={term}>
        <dt>{term}</dt>
        <dd>{value ?? '—'}</dd>
      </div>
    ))}
  </dl>
);
