import { mayBeDeliverable } from '../catalog/eventCatalog.js';

export type MatchableEndpoint = {
  disabled: boolean;
  filter_types: readonly string[] | null;
  channels: readonly string[] | null;
};

export type MatchableEvent = { type: string; channels: readonly string[] | null };

/**
 * Does this endpoint receive this event? Only deliverable catalog types (whether a registered
 * platform type is deliverable, the planner asks the catalog before), only enabled endpoints,
 * only types the endpoint's filter lists (or every type without a filter). Channels: an event with
 * channels reaches endpoints without channels or sharing one; an event without channels does not
 * reach an endpoint that lists channels.
 */
export const endpointReceives = (endpoint: MatchableEndpoint, event: MatchableEvent): boolean => {
  if (endpoint.disabled || !mayBeDeliverable(event.type)) return false;
  if (endpoint.filter_types !== null && !endpoint.filter_types.includes(event.type)) return false;
  if (endpoint.channels === null) return true;
  if (event.channels === null) return false;
  return event.channels.some((channel) => endpoint.channels!.includes(channel));
};
