import type { Problem } from '../../shared/api';
import { SelectField, TextField } from '../../shared/components';
import type { EndpointDraft, Ordering } from './endpointDraft';
import { faultOf } from './endpointDraft';
import './endpointForm.css';

export type DraftFieldsProps = {
  draft: EndpointDraft;
  onDraft: (change: Partial<EndpointDraft>) => void;
  /** The problem of the last save, whose field faults show on their fields. */
  problem: Problem | undefined;
};

/** Where an endpoint is, and what it is for. */
export const AddressFields = ({ draft, onDraft, problem }: DraftFieldsProps) => (
  <>
    <TextField
      type="url"
      label="Endpoint URL"
      placeholder="https://example.com/webhooks"
      required
      spellcheck={false}
      value={draft.url}
      onValue={(url) => onDraft({ url })}
      hint="Events are sent to it as signed POST requests."
      error={faultOf(problem, 'url')}
    />
    <TextField
      label="Description"
      placeholder="Order updates for the warehouse system"
      maxLength={1000}
      value={draft.description}
      onValue={(description) => onDraft({ description })}
      hint="Optional: what this endpoint is for, shown in the list."
      error={faultOf(problem, 'description')}
    />
  </>
);

const ORDERINGS: Array<{ value: Ordering; label: string }> = [
  { value: 'unordered', label: 'Unordered (fastest)' },
  { value: 'fifo', label: 'FIFO (in event order)' },
];

/** How events reach an endpoint: by channel, in order or not, how many a second. */
export const DeliveryFields = ({ draft, onDraft, problem }: DraftFieldsProps) => (
  <div class="field-grid">
    <TextField
      label="Channels"
      placeholder="eu-west, store-42"
      spellcheck={false}
      value={draft.channels}
      onValue={(channels) => onDraft({ channels })}
      hint="Only events published to one of these channels. Separate with commas; empty: all events."
      error={faultOf(problem, 'channels')}
    />
    <TextField
      type="number"
      label="Rate limit (per second)"
      placeholder="No limit"
      value={draft.rateLimit}
      onValue={(rateLimit) => onDraft({ rateLimit })}
      hint="From 1 to 10,000. Deliveries beyond it wait their turn; empty: no limit."
      error={faultOf(problem, 'rate_limit_per_s')}
    />
    <SelectField
      label="Ordering"
      value={draft.ordering}
      onValue={(ordering) => onDraft({ ordering: ordering as Ordering })}
      options={ORDERINGS}
      hint="FIFO sends one at a time; a retry holds back the events after it."
      error={faultOf(problem, 'ordering')}
    />
  </div>
);
