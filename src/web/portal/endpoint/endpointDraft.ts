import type { Problem } from '../../shared/api';
import type { Endpoint } from './endpointStatus';

/** The value the API shows, and takes back, for a header it keeps sealed. */
export const REDACTED = '[redacted]';

/** The header names the API treats as credentials: their values are sealed and never shown. */
export const isSensitiveHeader = (name: string): boolean => {
  const lower = name.trim().toLowerCase();
  return (
    ['authorization', 'proxy-authorization', 'cookie'].includes(lower) ||
    ['token', 'secret', 'key', 'auth'].some((part) => lower.includes(part))
  );
};

/** A custom header being edited; `sealed` is one the API keeps and will not show again. */
export type HeaderRow = { key: number; name: string; value: string; sealed: boolean };

export type Ordering = Endpoint['ordering'];

/** An endpoint's settings as its form holds them: text as typed, turned into a body on save. */
export type EndpointDraft = {
  url: string;
  description: string;
  allTypes: boolean;
  types: string[];
  channels: string;
  rateLimit: string;
  ordering: Ordering;
  headers: HeaderRow[];
  filter: string;
};

let nextRowKey = 0;
export const headerRow = (name = '', value = '', sealed = false): HeaderRow => ({
  key: nextRowKey++,
  name,
  value,
  sealed,
});

export const emptyDraft = (): EndpointDraft => ({
  url: '',
  description: '',
  allTypes: true,
  types: [],
  channels: '',
  rateLimit: '',
  ordering: 'unordered',
  headers: [],
  filter: '',
});

export const draftOf = (endpoint: Endpoint): EndpointDraft => ({
  url: endpoint.url,
  description: endpoint.description,
  allTypes: endpoint.filter_types === null,
  types: endpoint.filter_types ?? [],
  channels: (endpoint.channels ?? []).join(', '),
  rateLimit: endpoint.rate_limit_per_s === null ? '' : String(endpoint.rate_limit_per_s),
  ordering: endpoint.ordering,
  headers: Object.entries(endpoint.headers).map(([name, value]) =>
    headerRow(name, value === REDACTED ? '' : value, value === REDACTED),
  ),
  filter: endpoint.filter ?? '',
});

const channelsOf = (text: string): string[] | null => {
  const channels = text.split(/[\s,]+/).filter(Boolean);
  return channels.length > 0 ? channels : null;
};

/** The rate limit typed, as the API takes it; a whole number is left to the API to bound. */
const rateLimitOf = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim());

/** What the form can tell before asking the API: a rate limit that is not a whole number. */
export const localFaults = (draft: EndpointDraft): NonNullable<Problem['errors']> =>
  draft.rateLimit.trim() !== '' && !/^\d+$/.test(draft.rateLimit.trim())
    ? [{ path: 'rate_limit_per_s', message: 'must be a whole number of deliveries per second' }]
    : [];

/** The settings every endpoint form sends: where, what, and how fast. */
export const basicsBody = (draft: EndpointDraft) => ({
  url: draft.url.trim(),
  description: draft.description,
  filter_types: draft.allTypes ? null : draft.types,
  channels: channelsOf(draft.channels),
  rate_limit_per_s: rateLimitOf(draft.rateLimit),
  ordering: draft.ordering,
});

/** Everything the settings form edits; a sealed header is sent back as REDACTED, which keeps it. */
export const updateBody = (draft: EndpointDraft) => ({
  ...basicsBody(draft),
  headers: Object.fromEntries(
    draft.headers
      .filter((row) => row.name.trim() !== '')
      .map((row) => [row.name.trim(), row.sealed ? REDACTED : row.value]),
  ),
  filter: draft.filter.trim() === '' ? null : draft.filter,
});

/**
 * The API's messages for one field of the form: faults at `field` and under it
 * (`filter_types.2` belongs to `filter_types`), joined; undefined when there are none.
 */
export const faultOf = (problem: Problem | undefined, field: string): string | undefined => {
  const messages = (problem?.errors ?? [])
    .filter((fault) => fault.path === field || fault.path.startsWith(`${field}.`))
    .map((fault) => fault.message);
  return messages.length > 0 ? messages.join('; ') : undefined;
};

/** Faults the form found itself, shaped as the API's so they show the same way. */
export const formProblem = (errors: NonNullable<Problem['errors']>): Problem => ({
  type: 'about:blank',
  title: 'Check the highlighted fields',
  status: 0,
  detail: 'Some values cannot be sent as they are.',
  code: 'validation_failed',
  request_id: '',
  errors,
});
