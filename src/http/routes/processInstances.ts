import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import {
  instanceDecider,
  instanceStream,
} from '../../../domain/processes/instance/processInstance.js';
import type { InstanceDoc } from '../../../projections/processInstances.js';
import {
  PROCESS_INSTANCES,
  processInstancesProjection,
} from '../../../projections/processInstances.js';
import {
  instanceAsCreated,
  instanceDoc,
  instancePayloads,
  instanceSummary,
  instanceView,
} from '../../processes/instanceView.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { EmptyBody, ListInstancesQuery } from '../codecs/processes.js';
import { readAfterWrite } from '../readAfterWrite.js';
import { execute } from '../execute.js';
import { created, handle, ok } from '../handler.js';
import { listBody } from '../list.js';
import { idempotent } from '../middleware/idempotency.js';
import { visibleInstance } from '../pathResources.js';
import { merchantScope, metadataOf, requireRole } from '../requestContext.js';
import { checkStart, startInstance } from '../../processes/startInstance.js';
import { instanceValueOpener } from '../../payloads/sealedInstanceFields.js';
import { HttpProblem } from '../problem.js';
import { OpenedJson } from '../../payloads/openedJson.js';
import { newId } from '../../ids.js';
import { orProblem } from '../problem.js';
import { findDocs } from '../../reads/readModels.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'dataKeys' | 'definitions' | 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore'
>;

const present = async (services: Needs, id: string) =>
  instanceView(services, (await instanceDoc(services, id))!);

/** The inputs an instance ran with, opened, to run again: refused once erased or expired. */
const replayedInputs = async (services: Needs, original: InstanceDoc) => {
  const opener = instanceValueOpener(services.dataKeys);
  const { inputs: sealed } = await instancePayloads(services, original);
  const opened = await opener.open(sealed, original.id);
  const unreadable = opener.unreadable();
  if (unreadable)
    throw new HttpProblem(
      'data_erased',
      `The instance's inputs were ${unreadable === 'erased' ? 'erased' : 'expired'}: it cannot be run again.`,
    );
  return (opened instanceof OpenedJson ? opened.toJSON() : opened) as Record<string, unknown>;
};

/** Read, list, cancel and replay process instances (PRODUCT.md 5). */
export const processInstanceRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.get(
    '/v1/process-instances',
    handle(async (req) => {
      const query = decodeOrThrow(ListInstancesQuery, req.query, 'query');
      const merchantId = merchantScope(req, query.merchant_id);
      const page = await findDocs(services.readStore, PROCESS_INSTANCES, {
        where: {
          ...(merchantId && { merchant_id: merchantId }),
          ...(query.status && { status: query.status }),
          ...(query.definition_id && { definition_id: query.definition_id }),
        },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      return ok(listBody(page, (doc) => instanceSummary(doc as InstanceDoc)));
    }),
  );

  router.get(
    '/v1/process-instances/:instance_id',
    handle(async (req) => ok(await instanceView(services, await visibleInstance(services, req)))),
  );

  router.post(
    '/v1/process-instances/:instance_id/cancel',
    handle(async (req) => {
      requireRole(req, 'admin', 'merchant');
      const instance = await visibleInstance(services, req);
      decodeOrThrow(EmptyBody, req.body ?? {}, 'body');
      await execute(
        services,
        instanceDecider,
        instanceStream(instance.id),
        { type: 'cancel_instance', now: services.now().toISOString() },
        metadataOf(req, instance.merchant_id),
      );
      return ok(await present(services, instance.id));
    }),
  );

  router.post(
    '/v1/process-instances/:instance_id/replay',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'merchant');
        const original = await visibleInstance(services, req);
        decodeOrThrow(EmptyBody, req.body ?? {}, 'body');
        const version = await services.definitions.version(
          original.definition.id,
          original.definition.version,
        );
        if (!version)
          throw new Error(
            `${original.definition.id} v${original.definition.version} is not readable`,
          );
        const inputs = await replayedInputs(services, original);
        const start = orProblem(
          await checkStart({
            version,
            merchantId: original.merchant_id,
            inputs,
            startSource: { mode: 'api' },
            replayOf: original.id,
          }),
        );
        const id = newId('pi');
        const metadata = metadataOf(req, original.merchant_id);
        const position = orProblem(await startInstance(services, start, metadata, id));
        await services.projector.caughtUp(position, undefined, [processInstancesProjection.name]);
        const location = `/v1/process-instances/${id}`;
        const shown = await readAfterWrite(async () => {
          const doc = await instanceDoc(services, id);
          return doc && (await instanceView(services, doc));
        });
        if (shown) return created(shown, location);
        // In the log, not yet in the read models (they lag): the instance as created, 202.
        const recorded = instanceAsCreated(
          { ...start, definitionId: original.definition.id },
          id,
          services.now().toISOString(),
        );
        return { status: 202, body: recorded, headers: { Location: location } };
      }),
    ),
  );

  return router;
};
