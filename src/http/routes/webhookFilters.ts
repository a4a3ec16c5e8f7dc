import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { checkFilter } from '../../../domain/webhooks/endpointFilter.js';
import { checkChannels } from '../../../domain/webhooks/endpointRules.js';
import type { EventTypeEntry } from '../../../domain/catalog/eventCatalog.js';
import { filterInputOf, filterOutcome } from '../../delivery/endpointFilter.js';
import { WARNING_BOUNDS, filterWarnings } from '../../delivery/filterWarnings.js';
import { newId } from '../../ids.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { CheckFilterBody, TestFilterBody } from '../codecs/webhooks.js';
import type { Handler } from '../handler.js';
import { handle, ok } from '../handler.js';
import { HttpProblem, fromDomainError } from '../problem.js';
import { merchantScope, requireRole } from '../requestContext.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventTypes' | 'now'>;

/** The catalog's entries of these names (each once, within the warnings' bound); unknown ones left out. */
const entriesOf = async (services: Needs, names: readonly string[]): Promise<EventTypeEntry[]> => {
  const unique = [...new Set(names)].slice(0, WARNING_BOUNDS.types);
  const entries = await Promise.all(unique.map((name) => services.eventTypes.entry(name)));
  return entries.filter((entry): entry is EventTypeEntry => entry !== undefined);
};

/** A filter that does not compile is refused as an endpoint's would be: 422 with its position. */
const refuseUncompilable = (filter: string) => {
  const refused = checkFilter(filter);
  if (refused) throw fromDomainError(refused);
};

/**
 * `POST /v1/webhook-filters/test`: would an endpoint with this filter receive this event? The
 * filter is compiled as an endpoint's is, and evaluated as planning does: over the body the event
 * would be delivered with, in the same bounds, held back as planning holds it back (a filter that
 * went past its bounds lately is not run again). Nothing is recorded. The event's channels
 * are checked as a published event's are, but a filter cannot see them: they are not in the body.
 */
const testFilter =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin', 'merchant');
    const { filter, event } = decodeOrThrow(TestFilterBody, req.body ?? {}, 'body');
    const merchantId = merchantScope(req, event.merchant_id);
    if (!merchantId) {
      throw new HttpProblem('validation_failed', 'Name the merchant the event is for.', [
        { path: 'event.merchant_id', message: 'required for an admin key' },
      ]);
    }
    const faults = checkChannels(event.channels ?? null, 'event.channels');
    if (faults.length > 0)
      throw new HttpProblem('validation_failed', "The event's channels are not valid.", faults);
    refuseUncompilable(filter);
    const input = filterInputOf({
      id: newId('evt'),
      type: event.type,
      merchant_id: merchantId,
      created_at: services.now().toISOString(),
      data: event.data,
    });
    const { matches, failure } = await filterOutcome(services, merchantId, filter, input);
    const warnings = filterWarnings(filter, await entriesOf(services, [event.type]));
    return ok({ matches, error: failure ? { message: failure.message } : null, warnings });
  };

/**
 * `POST /v1/webhook-filters/check`: does the filter read fields that the schemas of the types an
 * endpoint lists do not declare? For events of such a type, the field is missing, and the filter
 * reads it so: often a filter meant for another type. Nothing is evaluated or recorded.
 */
const checkFilterRoute =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin', 'merchant');
    const body = decodeOrThrow(CheckFilterBody, req.body ?? {}, 'body');
    refuseUncompilable(body.filter);
    const warnings = filterWarnings(body.filter, await entriesOf(services, body.filter_types));
    return ok({ warnings });
  };

export const webhookFilterRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.post('/v1/webhook-filters/test', handle(testFilter(services)));
  router.post('/v1/webhook-filters/check', handle(checkFilterRoute(services)));
  return router;
};
