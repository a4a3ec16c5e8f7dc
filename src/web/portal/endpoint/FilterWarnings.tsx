import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { usePortal } from '../context';

type Warning = Schemas['FilterWarning'];

/** Typing pauses this long before the filter is checked again. */
const SETTLE_MS = 400;

/**
 * Beside the filter: the fields it reads that a chosen event type's schema lacks (POST
 * /v1/webhook-filters/check), so that a filter written for one type does not silently drop every
 * event of another. Checked as the filter or the types change; nothing when every type is chosen
 * (a filter then selects among them on purpose), or when the filter does not compile (saving or
 * testing it says why).
 */
export const FilterWarnings = ({ filter, types }: { filter: string; types: readonly string[] }) => {
  const { api } = usePortal();
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const key = JSON.stringify([filter.trim(), types]);
  useEffect(() => {
    if (filter.trim() === '' || types.length === 0) {
      setWarnings([]);
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      api
        .POST('/v1/webhook-filters/check', {
          body: { filter, filter_types: types.slice(0, 100) },
        })
        .then(
          ({ data }) => current && setWarnings(data?.warnings ?? []),
          () => current && setWarnings([]),
        );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, api]);
  return (
    <div aria-live="polite">
      {warnings.length > 0 && (
        <div class="filter-warnings" role="group" aria-label="Filter warnings">
          <p class="filter-warnings-title">
            This filter reads fields that some chosen event types do not have
          </p>
          <ul>
            {warnings.map((warning) => (
              <li key={`${warning.type} ${warning.path}`}>{warning.message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
};
