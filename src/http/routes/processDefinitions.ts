import type { Request, Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { checkCalledDefinitions } from '../../processes/calledDefinitions.js';
import { parseDefinition } from '../../../domain/processes/definition/parseDefinition.js';
import {
  definitionStream,
  processDefinitionDecider,
} from '../../../domain/processes/definition/processDefinition.js';
import type { Step } from '../../../domain/processes/stepLanguage.js';
import type {
  DefinitionDoc,
  DefinitionVersionDoc,
} from '../../../projections/processDefinitions.js';
import {
  PROCESS_DEFINITION_VERSIONS,
  PROCESS_DEFINITIONS,
  publishedVersionDoc,
  versionDocId,
} from '../../../projections/processDefinitions.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { ActivateBody, EmptyBody, ListDefinitionsQuery } from '../codecs/processes.js';
import { execute } from '../execute.js';
import { created, handle, ok } from '../handler.js';
import { listBody } from '../list.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { metadataOf, pathParam, principalOf, requireRole } from '../requestContext.js';
import { allDocs, findDocs, getDoc } from '../../reads/readModels.js';
import { openHeaders, redactHeaders, sealHeaders } from '../../processes/sealedHeaders.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'definitions' | 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore' | 'secrets'
>;

/** How a reader sees the steps of a version: above all, its http steps' header values. */
type StepsShown = (definitionId: string, steps: Step[]) => Step[];

/**
 * Header values are credentials of the platform's own services: the admin's key reads them in
 * clear, any other key only which headers are sent.
 */
const stepsShownTo = (services: Needs, req: Request): StepsShown =>
  principalOf(req).role === 'admin'
    ? (definitionId, steps) => openHeaders(services.secrets, definitionId, steps)
    : (_definitionId, steps) => redactHeaders(steps);

/** A definition with all its versions, oldest first. */
const withVersions = async (services: Needs, doc: DefinitionDoc, shown: StepsShown) => {
  const versions = await allDocs(services.readStore, PROCESS_DEFINITION_VERSIONS, {
    where: { definition_id: doc.id },
    orderBy: { field: 'version', direction: 'asc' },
  });
  return { ...doc, versions: versions.map((version) => versionView(version, shown)) };
};

const versionView = ({ definition_id, ...version }: DefinitionVersionDoc, shown: StepsShown) => ({
  ...version,
  steps: shown(definition_id, version.steps),
  id: definition_id,
});

const existingDefinition = async (services: Needs, id: string): Promise<DefinitionDoc> => {
  const doc = await services.definitions.definition(id);
  if (!doc) throw new HttpProblem('not_found', `No process definition ${id}.`);
  return doc;
};

/** Publish, activate, deactivate and read process definitions (PRODUCT.md 4). */
export const processDefinitionRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.post(
    '/v1/process-definitions',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin');
        const parsed = orProblem(parseDefinition(req.body));
        const body = orProblem(await checkCalledDefinitions(services.definitions, parsed));
        const sealed = { ...body, steps: sealHeaders(services.secrets, body.id, body.steps) };
        const result = await execute(
          services,
          processDefinitionDecider,
          definitionStream(body.id),
          { type: 'publish_version', body: sealed, now: services.now().toISOString() },
          metadataOf(req, null),
        );
        const version = result.state.versions.length;
        const doc = await getDoc(
          services.readStore,
          PROCESS_DEFINITION_VERSIONS,
          versionDocId(body.id, version),
        );
        // The answer may be kept for an idempotent replay: it never holds a header value.
        const location = `/v1/process-definitions/${body.id}`;
        const redacted = (_definitionId: string, steps: Step[]) => redactHeaders(steps);
        if (doc) return created(versionView(doc, redacted), location);
        // In the log, not yet in the read models (they lag): the version as published, 202.
        const published = result.state.versions[version - 1]!;
        const recorded = publishedVersionDoc({ ...published, definition_id: body.id });
        return {
          status: 202,
          body: versionView(recorded, redacted),
          headers: { Location: location },
        };
      }),
    ),
  );

  router.get(
    '/v1/process-definitions',
    handle(async (req) => {
      const query = decodeOrThrow(ListDefinitionsQuery, req.query, 'query');
      const page = await findDocs(services.readStore, PROCESS_DEFINITIONS, {
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      return ok(listBody(page, (doc) => doc));
    }),
  );

  router.get(
    '/v1/process-definitions/:definition_id',
    handle(async (req) => {
      const doc = await existingDefinition(services, pathParam(req, 'definition_id'));
      return ok(await withVersions(services, doc, stepsShownTo(services, req)));
    }),
  );

  for (const action of ['activate', 'deactivate'] as const) {
    router.post(
      `/v1/process-definitions/:definition_id/${action}`,
      handle(async (req) => {
        requireRole(req, 'admin');
        const id = pathParam(req, 'definition_id');
        const now = services.now().toISOString();
        const command =
          action === 'activate'
            ? {
                type: 'activate' as const,
                version: decodeOrThrow(ActivateBody, req.body ?? {}, 'body').version,
                now,
              }
            : (decodeOrThrow(EmptyBody, req.body ?? {}, 'body'),
              { type: 'deactivate' as const, now });
        await existingDefinition(services, id);
        await execute(
          services,
          processDefinitionDecider,
          definitionStream(id),
          command,
          metadataOf(req, null),
        );
        const doc = await existingDefinition(services, id);
        return ok(await withVersions(services, doc, stepsShownTo(services, req)));
      }),
    );
  }

  return router;
};
