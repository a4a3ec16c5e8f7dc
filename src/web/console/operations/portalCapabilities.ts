import type { paths } from '../../shared/schema';

type SessionBody =
  paths['/v1/portal/sessions']['post']['requestBody']['content']['application/json'];

export type Capability = NonNullable<SessionBody['capabilities']>[number];

/** What each capability lets the merchant do in the portal; `view` is always granted. */
export const CAPABILITIES: Array<{ name: Capability; label: string; hint: string }> = [
  {
    name: 'view',
    label: 'View',
    hint: 'Endpoints, messages, attempts, statistics and the event catalog. Always granted.',
  },
  {
    name: 'manage_endpoints',
    label: 'Manage endpoints',
    hint: 'Create, edit, disable and delete endpoints; test filters.',
  },
  { name: 'view_secret', label: 'View signing secrets', hint: 'Reveal an endpoint’s secret.' },
  { name: 'rotate_secret', label: 'Rotate signing secrets', hint: 'Replace an endpoint’s secret.' },
  { name: 'send', label: 'Send', hint: 'Test sends, resends and replays of a window.' },
];

/** How long a link (and the session it opens) lasts, in seconds: 60 s to 7 days. */
export const LIFETIMES = [
  { value: '900', label: '15 minutes' },
  { value: '3600', label: '1 hour' },
  { value: '28800', label: '8 hours' },
  { value: '86400', label: '1 day' },
  { value: '604800', label: '7 days' },
];
export const DEFAULT_LIFETIME = '3600';
