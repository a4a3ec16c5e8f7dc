import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type { Services } from '../../services.js';
import { readAfterWrite } from '../readAfterWrite.js';
import { instanceAsCreated, instanceDoc, instanceView } from '../../processes/instanceView.js';
import { newId } from '../../ids.js';
import { decodeOrThrow } from '../codec.js';
import { RunBody } from '../codecs/processes.js';
import { created, handle, ok } from '../handler.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { namedMerchant, metadataOf, pathParam, requireRole } from '../requestContext.js';
import { checkStart, startInstance } from '../../processes/startInstance.js';
import { processInstancesProjection } from '../../../projections/processInstances.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  | 'config'
  | 'dataKeys'
  | 'definitions'
  | 'eventStore'
  | 'idempotency'
  | 'instanceEndings'
  | 'now'
  | 'projector'
  | 'readStore'
>;

/** The read model a run's answer shows. */
const INSTANCES = [processInstancesProjection.name];

/** `POST /v1/processes/{id}/runs`: the three outcomes of SPEC.md 4.1. */
export const processRunRoutes = (services: Needs): Router => {
  const router = exactRouter();
  const maxWait = services.config.maxWaitMs;

  router.post(
    '/v1/processes/:definition_id/runs',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'merchant', 'publisher');
        const body = decodeOrThrow(RunBody, req.body ?? {}, 'body');
        const merchantId = namedMerchant(req, body.merchant_id, 'the run is for');
        const timeoutMs = body.wait?.timeout_ms;
        if (
          timeoutMs !== undefined &&
          !(Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= maxWait)
        ) {
          throw new HttpProblem('validation_failed', 'The wait is not valid.', [
            { path: 'wait.timeout_ms', message: `must be an integer from 1 to ${maxWait}` },
          ]);
        }
        const definitionId = pathParam(req, 'definition_id');
        const definition = await services.definitions.definition(definitionId);
        if (!definition)
          throw new HttpProblem('not_found', `No process definition ${definitionId}.`);
        if (definition.active_version === null) {
          throw new HttpProblem('definition_not_active', `${definitionId} has no active version.`);
        }
        const version = await services.definitions.version(definitionId, definition.active_version);
        if (!version)
          throw new Error(`${definitionId} v${definition.active_version} is not readable`);

        const start = orProblem(
          await checkStart({
            version,
            merchantId,
            inputs: body.input ?? {},
            startSource: { ...(body.start_source ?? {}), mode: 'api' },
            replayOf: null,
          }),
        );
        const instanceId = newId('pi');
        // Listen before the instance exists: a quick run may end before the create call returns.
        const ended =
          timeoutMs === undefined
            ? undefined
            : services.instanceEndings.waitFor(instanceId, timeoutMs);
        const createdAt = orProblem(
          await startInstance(services, start, metadataOf(req, merchantId), instanceId),
        );
        const location = `/v1/process-instances/${instanceId}`;
        const recordedAt = services.now().toISOString();
        // The instance is in the log whatever the read models say: while they lag (a projector
        // being taken over), the answer is the instance as created, 202, and its Location.
        const present = async () => {
          const shown = await readAfterWrite(async () => {
            const doc = await instanceDoc(services, instanceId);
            return doc && (await instanceView(services, doc));
          });
          return shown
            ? { body: shown, behind: false }
            : {
                body: instanceAsCreated({ ...start, definitionId }, instanceId, recordedAt),
                behind: true,
              };
        };
        const accepted = (body: unknown) => ({
          status: 202,
          body,
          headers: { Location: location },
        });
        if (!ended) {
          await services.projector.caughtUp(createdAt, undefined, INSTANCES);
          const view = await present();
          return view.behind ? accepted(view.body) : created(view.body, location);
        }
        // The wait for the end's projection covers the creation's: no wait for that one first.
        const settled = await ended;
        if (settled === undefined) {
          await services.projector.caughtUp(createdAt, undefined, INSTANCES);
          return accepted((await present()).body);
        }
        await services.projector.caughtUp(settled.position, undefined, INSTANCES);
        // Parked on a person: the answer goes out now, not when the window closes; the caller
        // hears of the request by webhook (process.user_action.requested, approval_request.created).
        const view = await present();
        return settled.ended && !view.behind ? ok(view.body) : accepted(view.body);
      }),
    ),
  );

  return router;
};
