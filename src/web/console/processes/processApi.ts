import type { Api, Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';

export type Definition = Schemas['ProcessDefinition'];
export type DefinitionSummary = Schemas['ProcessDefinitionSummary'];
export type DefinitionVersion = Schemas['ProcessDefinitionVersion'];
export type Instance = Schemas['ProcessInstance'];
export type InstanceSummary = Schemas['ProcessInstanceSummary'];
export type InstanceStep = Schemas['InstanceStep'];
export type InstanceEvent = Schemas['ProcessInstanceEvent'];
export type InstanceStatus = Schemas['InstanceStatus'];
export type Step = Schemas['Step'];

export type InstanceFilter = {
  merchantId?: string;
  status?: InstanceStatus;
  definitionId?: string;
};

export const PAGE_SIZE = 20;
/** A page of the history holds at most this many events (the API's largest `limit`). */
const EVENT_PAGE_SIZE = 100;
/** Past this many events, the history says it shows only the first ones. */
const EVENT_PAGES_READ = 5;

export const listDefinitions = (api: Api, cursor?: string) =>
  unwrap(
    api.GET('/v1/process-definitions', {
      params: { query: { limit: PAGE_SIZE, ...(cursor && { cursor }) } },
    }),
  );

/** The definitions an instance list can be filtered by: the API's largest page of them. */
export const definitionChoices = (api: Api) =>
  unwrap(api.GET('/v1/process-definitions', { params: { query: { limit: 100 } } })).then(
    (list) => list.data,
  );

export const getDefinition = (api: Api, id: string) =>
  unwrap(
    api.GET('/v1/process-definitions/{definition_id}', { params: { path: { definition_id: id } } }),
  );

export const listInstances = (api: Api, filter: InstanceFilter, cursor?: string) =>
  unwrap(
    api.GET('/v1/process-instances', {
      params: {
        query: {
          limit: PAGE_SIZE,
          ...(filter.merchantId && { merchant_id: filter.merchantId }),
          ...(filter.status && { status: filter.status }),
          ...(filter.definitionId && { definition_id: filter.definitionId }),
          ...(cursor && { cursor }),
        },
      },
    }),
  );

export const getInstance = (api: Api, id: string) =>
  unwrap(api.GET('/v1/process-instances/{instance_id}', { params: { path: { instance_id: id } } }));

export type History = { events: InstanceEvent[]; complete: boolean };

/** The instance's history, oldest first, read page after page up to a bound. */
export const getHistory = async (api: Api, id: string): Promise<History> => {
  const events: InstanceEvent[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < EVENT_PAGES_READ; page++) {
    const answer: Schemas['ProcessInstanceEventList'] = await unwrap(
      api.GET('/v1/process-instances/{instance_id}/events', {
        params: {
          path: { instance_id: id },
          query: { limit: EVENT_PAGE_SIZE, ...(cursor && { cursor }) },
        },
      }),
    );
    events.push(...answer.data);
    cursor = answer.next_cursor;
    if (!answer.has_more || !cursor) return { events, complete: true };
  }
  return { events, complete: false };
};

/**
 * One version of a definition. A published version never changes its steps, so each is read once
 * per API client: an instance page that refreshes every two seconds does not read it again.
 */
const versionsRead = new WeakMap<Api, Map<string, Promise<DefinitionVersion>>>();

export const getDefinitionVersion = (
  api: Api,
  ref: Instance['definition'],
): Promise<DefinitionVersion> => {
  const read = versionsRead.get(api) ?? new Map<string, Promise<DefinitionVersion>>();
  versionsRead.set(api, read);
  const key = `${ref.id}@${ref.version}`;
  const known = read.get(key);
  if (known) return known;
  const pending = getDefinition(api, ref.id).then((definition) => {
    const version = definition.versions.find((v) => v.version === ref.version);
    if (!version) throw new Error(`Definition ${ref.id} has no version ${ref.version}.`);
    return version;
  });
  // A failed read is tried again on the next refresh rather than remembered.
  pending.catch(() => read.delete(key));
  read.set(key, pending);
  return pending;
};

export const cancelInstance = (api: Api, id: string) =>
  unwrap(
    api.POST('/v1/process-instances/{instance_id}/cancel', {
      params: { path: { instance_id: id } },
      body: {},
    }),
  );

export const replayInstance = (api: Api, id: string) =>
  unwrap(
    api.POST('/v1/process-instances/{instance_id}/replay', {
      params: { path: { instance_id: id } },
      body: {},
    }),
  );

export type Decision = 'approved' | 'rejected';

export const resolveApproval = (
  api: Api,
  id: string,
  stepId: string,
  decision: Decision,
  comment: string,
) =>
  unwrap(
    api.POST('/v1/process-instances/{instance_id}/approvals', {
      params: { path: { instance_id: id } },
      body: { step_id: stepId, decision, ...(comment.trim() && { comment: comment.trim() }) },
    }),
  );

export const completeUserAction = (api: Api, id: string, stepId: string, data: unknown) =>
  unwrap(
    api.POST('/v1/process-instances/{instance_id}/user-actions', {
      params: { path: { instance_id: id } },
      body: { step_id: stepId, data },
    }),
  );

const TERMINAL: ReadonlySet<InstanceStatus> = new Set(['completed', 'failed', 'cancelled']);

export const isTerminal = (instance: Instance): boolean => TERMINAL.has(instance.status);
