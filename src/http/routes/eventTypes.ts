import type { Request, Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type { EventTypeEntry } from '../../../domain/catalog/eventCatalog.js';
import { EVENT_CATALOG, builtInEntry } from '../../../domain/catalog/eventCatalog.js';
import type { EventTypeCommand } from '../../../domain/catalog/eventTypeDecider.js';
import { entryOf } from '../../../domain/catalog/eventTypeDecider.js';
import type { EventTypeDoc } from '../../../projections/eventTypes.js';
import { EVENT_TYPES, eventTypesProjection } from '../../../projections/eventTypes.js';
import { allDocs, getDoc } from '../../reads/readModels.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { RegisterEventTypeBody, UpdateEventTypeBody } from '../codecs/eventTypes.js';
import type { Handler } from '../handler.js';
import { created, handle, ok } from '../handler.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { metadataOf, pathParam, requireRole } from '../requestContext.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventTypes' | 'idempotency' | 'now' | 'projector' | 'readStore'>;

/** A type as the API shows it. */
const present = (entry: EventTypeEntry) => ({
  object: 'event_type' as const,
  name: entry.name,
  family: entry.family,
  description: entry.description,
  deliverable: entry.deliverable,
  schema: entry.schema,
  examples: entry.examples,
  version: entry.version,
  deprecated: entry.deprecated,
  updated_at: entry.updated_at,
});

/**
 * The whole catalog: the built-in types in their families' order (as changed, when an admin
 * changed them), then the registered ones, oldest first.
 */
const listEventTypes =
  (services: Needs): Handler =>
  async () => {
    const docs = await allDocs(services.readStore, EVENT_TYPES, {
      where: {},
      orderBy: { field: 'registered_at', direction: 'asc' },
    });
    const changed = new Map(docs.map((doc) => [doc.name, doc]));
    const builtIn = EVENT_CATALOG.map((entry) => changed.get(entry.name) ?? entry);
    const registered = docs
      .filter((doc) => !doc.built_in)
      .sort(
        (a, b) =>
          (a.registered_at ?? '').localeCompare(b.registered_at ?? '') ||
          a.name.localeCompare(b.name),
      );
    return ok({
      object: 'list',
      data: [...builtIn, ...registered].map(present),
      has_more: false,
      next_cursor: null,
    });
  };

const readEventType =
  (services: Needs): Handler =>
  async (req) => {
    const name = pathParam(req, 'event_type');
    const doc: EventTypeDoc | EventTypeEntry | undefined =
      (await getDoc(services.readStore, EVENT_TYPES, name)) ?? builtInEntry(name);
    if (!doc) throw new HttpProblem('not_found', `No event type ${name}.`);
    return ok(present(doc));
  };

/**
 * Runs a change of the catalog and answers the type as it left it. The answer waits (bounded) for
 * the read model, so that the caller's next read there sees the change.
 */
const changeCatalog = async (services: Needs, req: Request, command: EventTypeCommand) => {
  const result = orProblem(await services.eventTypes.change(command, metadataOf(req, null)));
  await services.projector.caughtUp(result.position, undefined, [eventTypesProjection.name]);
  const entry = entryOf(result.state, command.name);
  if (!entry) throw new Error(`The catalog has no ${command.name} after changing it`);
  return present(entry);
};

const registerEventType =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin');
    const body = decodeOrThrow(RegisterEventTypeBody, req.body, 'body');
    const entry = await changeCatalog(services, req, {
      type: 'register_event_type',
      ...body,
      now: services.now().toISOString(),
    });
    return created(entry, `/v1/event-types/${encodeURIComponent(entry.name)}`);
  };

const updateEventType =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin');
    const body = decodeOrThrow(UpdateEventTypeBody, req.body ?? {}, 'body');
    return ok(
      await changeCatalog(services, req, {
        type: 'update_event_type',
        name: pathParam(req, 'event_type'),
        ...body,
        now: services.now().toISOString(),
      }),
    );
  };

/** The event catalog: read by every key; types registered and changed by the admin. */
export const eventTypeRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.get('/v1/event-types', handle(listEventTypes(services)));
  router.post(
    '/v1/event-types',
    handle(idempotent(services.idempotency, registerEventType(services))),
  );
  router.get('/v1/event-types/:event_type', handle(readEventType(services)));
  router.post('/v1/event-types/:event_type', handle(updateEventType(services)));
  return router;
};
