import type { ComponentChildren } from 'preact';
import type { Problem } from '../api';
import { Button } from './Button';
import { ProblemBanner } from './ProblemBanner';

/** Nothing to show yet, and what would make something appear. */
export const EmptyState = ({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ComponentChildren;
  actions?: ComponentChildren;
}) => (
  <div class="state">
    <div class="state-icon" aria-hidden="true">
      ∅
    </div>
    <h2>{title}</h2>
    {children && <p>{children}</p>}
    {actions && <div class="state-actions">{actions}</div>}
  </div>
);

/** A load that failed: the API's problem, and a way to try again. */
export const ErrorState = ({ problem, onRetry }: { problem: Problem; onRetry?: () => void }) => (
  <div class="state">
    <ProblemBanner problem={problem} />
    {onRetry && <Button onClick={onRetry}>Try again</Button>}
  </div>
);

export const Loading = ({ label = 'Loading…' }: { label?: string }) => (
  <div class="state" role="status" aria-live="polite">
    <div class="spinner" aria-hidden="true" />
    {label}
  </div>
);
