import { useState } from 'preact/hooks';
import { Button, TextField } from '../../shared/components';
import type { AuditFilters, LogOrder } from './auditLog';
import { NO_FILTERS } from './auditLog';
import { logHref } from './auditLinks';
import './audit.css';

/**
 * The log's filters. Applying one changes the route fragment, so the filtered view is a link; each
 * field matches exactly (a stream, a type, a merchant id, a correlation id). The order is kept.
 */
export const AuditFilterForm = ({ filters, order }: { filters: AuditFilters; order: LogOrder }) => {
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof AuditFilters) => (value: string) =>
    setDraft((all) => ({ ...all, [name]: value }));
  const apply = (event: Event) => {
    event.preventDefault();
    window.location.hash = logHref(
      {
        stream: draft.stream.trim(),
        type: draft.type.trim(),
        merchant: draft.merchant.trim(),
        correlation: draft.correlation.trim(),
      },
      order,
    );
  };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <form
      class="card audit-filters"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={apply}
    >
      <div class="audit-filter-fields">
        <TextField
          label="Stream"
          name="stream"
          spellcheck={false}
          placeholder="webhook_endpoint-we_…"
          value={draft.stream}
          onValue={set('stream')}
        />
        <TextField
          label="Event type"
          name="type"
          spellcheck={false}
          placeholder="webhook_endpoint.created"
          value={draft.type}
          onValue={set('type')}
        />
        <TextField
          label="Merchant"
          name="merchant"
          spellcheck={false}
          placeholder="mer_…"
          value={draft.merchant}
          onValue={set('merchant')}
        />
        <TextField
          label="Correlation"
          name="correlation"
          spellcheck={false}
          placeholder="req_…"
          value={draft.correlation}
          onValue={set('correlation')}
        />
      </div>
      <div class="audit-filter-actions">
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        {filtered && (
          <a
            class="button button-ghost"
            href={logHref({}, order)}
            onClick={() => setDraft(NO_FILTERS)}
          >
            Clear filters
          </a>
        )}
      </div>
    </form>
  );
};
