import type { ComponentChildren } from 'preact';

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** A short status, coloured by its tone. */
export const Badge = ({
  tone = 'neutral',
  children,
}: {
  tone?: Tone;
  children: ComponentChildren;
}) => <span class={`badge badge-${tone}`}>{children}</span>;
