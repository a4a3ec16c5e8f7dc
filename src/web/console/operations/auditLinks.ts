import type { AuditEvent, LogOrder } from './auditLog';
import { hrefWithQuery } from './hashQuery';

/* Links between the log's events: every one keeps what it knows of where its target is, since the
   API reads the log by position and filters, not by event id. */

export const eventHref = (event: AuditEvent): string =>
  hrefWithQuery(`audit/${encodeURIComponent(event.id)}`, { position: event.position });

/** The event that caused `event`: of the same correlation, and earlier in the log. */
export const causeHref = (event: AuditEvent, causationId: string): string =>
  hrefWithQuery(`audit/${encodeURIComponent(causationId)}`, {
    correlation: event.metadata.correlation_id,
    before: event.position,
  });

/** The log through a filter; from its latest events, newest first, when `order` is newest. */
export const logHref = (
  filter: {
    stream?: string;
    merchant?: string;
    correlation?: string;
    type?: string;
  },
  order: LogOrder = 'oldest',
) => hrefWithQuery('audit', { ...filter, order: order === 'newest' ? order : undefined });
