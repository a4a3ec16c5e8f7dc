import type { Request, Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { followingStep, stepById } from '../../../domain/processes/execution/stepGraph.js';
import type { InstanceCommand } from '../../../domain/processes/instance/processInstance.js';
import {
  instanceDecider,
  instanceStream,
} from '../../../domain/processes/instance/processInstance.js';
import { instanceDoc, instanceView } from '../../processes/instanceView.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { ApprovalBody, UserActionBody } from '../codecs/processes.js';
import { execute } from '../execute.js';
import { handle, ok } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { metadataOf, requireRole } from '../requestContext.js';
import { caughtBy } from '../../../domain/processes/execution/catching.js';
import type { Step } from '../../../domain/processes/stepLanguage.js';
import { visibleInstance } from '../pathResources.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'dataKeys' | 'definitions' | 'eventStore' | 'now' | 'projector' | 'readStore'
>;

/**
 * Resumes an instance parked on a step that waits for a person. The decider refuses (409) unless
 * that very step is the one waiting, and for this kind of signal.
 */
const signal = async (
  services: Needs,
  req: Request,
  stepId: string,
  command: (next: string | null, now: string, step: Step) => InstanceCommand,
) => {
  requireRole(req, 'admin', 'merchant');
  const instance = await visibleInstance(services, req);
  const version = await services.definitions.version(
    instance.definition.id,
    instance.definition.version,
  );
  if (!version)
    throw new Error(`${instance.definition.id} v${instance.definition.version} is not readable`);
  const step = stepById(version.body, stepId);
  if (!step) {
    throw new HttpProblem('conflict', `Process instance ${instance.id} has no step ${stepId}.`);
  }
  await execute(
    services,
    instanceDecider,
    instanceStream(instance.id),
    command(followingStep(version.body, stepId), services.now().toISOString(), step),
    metadataOf(req, instance.merchant_id),
  );
  return ok(await instanceView(services, (await instanceDoc(services, instance.id))!));
};

/** User actions and approvals (PRODUCT.md 4). */
export const processSignalRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.post(
    '/v1/process-instances/:instance_id/user-actions',
    handle(async (req) => {
      const body = decodeOrThrow(UserActionBody, req.body ?? {}, 'body');
      return signal(services, req, body.step_id, (next, now) => ({
        type: 'complete_user_action',
        step_id: body.step_id,
        data: body.data ?? null,
        next,
        now,
      }));
    }),
  );

  router.post(
    '/v1/process-instances/:instance_id/approvals',
    handle(async (req) => {
      const body = decodeOrThrow(ApprovalBody, req.body ?? {}, 'body');
      return signal(services, req, body.step_id, (next, now, step) => {
        // A rejection fails the step: its catch may send the instance on.
        const onRejected = caughtBy(step, 'approval_rejected');
        return {
          type: 'resolve_approval',
          step_id: body.step_id,
          decision: body.decision,
          comment: body.comment ?? null,
          next,
          ...(onRejected !== undefined && { on_rejected: onRejected }),
          now,
        };
      });
    }),
  );

  return router;
};
