import { KeyValues } from '../../shared/components';
import { REDACTED } from './endpointDraft';
import type { Endpoint } from './endpointStatus';

const ORDERING_TEXT: Record<Endpoint['ordering'], string> = {
  unordered: 'Unordered: in parallel',
  fifo: 'FIFO: one at a time, in event order',
};

const HeadersList = ({ headers }: { headers: Endpoint['headers'] }) => {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <>None</>;
  return (
    <ul class="plain-list">
      {entries.map(([name, value]) => (
        <li key={name}>
          <code>{name}</code>:{' '}
          {value === REDACTED ? <em>Hidden (sealed)</em> : <code>{value}</code>}
        </li>
      ))}
    </ul>
  );
};

/** An endpoint's settings for a session that may look at them but not change them. */
export const SettingsSummary = ({ endpoint }: { endpoint: Endpoint }) => (
  <div class="card panel">
    <h2>Settings</h2>
    <p class="notice">
      Your portal link lets you view these settings. Changing them needs a link that can manage
      endpoints.
    </p>
    <KeyValues
      items={[
        ['URL', <span class="mono">{endpoint.url}</span>],
        ['Description', endpoint.description || 'None'],
        [
          'Event types',
          endpoint.filter_types ? endpoint.filter_types.join(', ') : 'All event types',
        ],
        ['Filter', endpoint.filter ? <code>{endpoint.filter}</code> : 'None: every event'],
        ['Channels', endpoint.channels ? endpoint.channels.join(', ') : 'All channels'],
        ['Ordering', ORDERING_TEXT[endpoint.ordering]],
        [
          'Rate limit',
          endpoint.rate_limit_per_s === null
            ? 'No limit'
            : `${endpoint.rate_limit_per_s} per second`,
        ],
        ['Custom headers', <HeadersList headers={endpoint.headers} />],
      ]}
    />
  </div>
);
