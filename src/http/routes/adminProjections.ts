import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type { ProjectionStatus } from '../../projector/projector.js';
import { RebuildElsewhere } from '../../projector/projectorView.js';
import type { Services } from '../../services.js';
import { handle, ok } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { pathParam, requireRole } from '../requestContext.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'logger' | 'projector'>;

const present = (status: ProjectionStatus) => ({ object: 'projection' as const, ...status });

/** Operators: where each projection stands, and rebuilding one from the log. */
export const adminProjectionRoutes = (services: Needs): Router => {
  const router = exactRouter();
  const statusOf = async (name: string) => {
    const statuses = await services.projector.status();
    const status = statuses.find((s) => s.name === name);
    if (status) return status;
    // The names are no secret to an operator, and spare them a second request to find the right one.
    const names = statuses.map((s) => s.name).join(', ');
    throw new HttpProblem('not_found', `No projection named ${name}. The projections: ${names}.`);
  };

  router.get(
    '/v1/admin/projections',
    handle(async (req) => {
      requireRole(req, 'admin', 'auditor');
      const statuses = await services.projector.status();
      return ok({
        object: 'list',
        data: statuses.map(present),
        has_more: false,
        next_cursor: null,
      });
    }),
  );

  router.get(
    '/v1/admin/projections/:name',
    handle(async (req) => {
      requireRole(req, 'admin', 'auditor');
      return ok(present(await statusOf(pathParam(req, 'name'))));
    }),
  );

  router.post(
    '/v1/admin/projections/:name/rebuild',
    handle(async (req) => {
      requireRole(req, 'admin');
      const name = pathParam(req, 'name');
      await statusOf(name);
      // The rebuild runs on after the answer, which waits only for its first report of progress;
      // its progress and outcome show in the status. A request while one is under way joins it.
      const elsewhere = await new Promise<boolean>((resolve) => {
        services.projector
          .rebuild(name, () => resolve(false))
          .catch((err: unknown) => {
            if (err instanceof RebuildElsewhere) return resolve(true);
            services.logger.error({ err, projection: name }, 'projection rebuild failed');
          })
          .finally(() => resolve(false));
      });
      if (elsewhere)
        throw new HttpProblem(
          'unavailable',
          'This process does not run the projector role: send the rebuild to one that does.',
        );
      return { status: 202, body: present(await statusOf(name)) };
    }),
  );
  return router;
};
