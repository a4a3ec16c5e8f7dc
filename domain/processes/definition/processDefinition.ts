import { left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../../shared/decider.js';
import type { DomainEvent } from '../../shared/envelope.js';
import { domainError } from '../../shared/errors.js';
import type { DefinitionBody } from '../stepLanguage.js';

export const definitionStream = (definitionId: string): string =>
  `process_definition-${definitionId}`;

/**
 * The body of a version as the log keeps it: the definition's id is the stream's, and the header
 * values of http steps are sealed by whoever publishes (the log is no place for credentials).
 */
type VersionContent = Omit<DefinitionBody, 'id'>;

export type VersionPublished = DomainEvent<
  'process_definition.version_published',
  VersionContent & { definition_id: string; version: number; published_at: string }
>;
export type VersionActivated = DomainEvent<
  'process_definition.version_activated',
  {
    definition_id: string;
    version: number;
    /** The version that was active until now, which becomes inactive. */
    previous_version: number | null;
    activated_at: string;
  }
>;
export type DefinitionDeactivated = DomainEvent<
  'process_definition.deactivated',
  { definition_id: string; version: number; deactivated_at: string }
>;
export type ProcessDefinitionEvent = VersionPublished | VersionActivated | DefinitionDeactivated;

export type PublishVersion = { type: 'publish_version'; body: DefinitionBody; now: string };
export type ActivateVersion = { type: 'activate'; version: number; now: string };
export type DeactivateDefinition = { type: 'deactivate'; now: string };
export type ProcessDefinitionCommand = PublishVersion | ActivateVersion | DeactivateDefinition;

/** `inactive`: was active once and is not now; `draft`: never was. */
export type VersionStatus = 'draft' | 'active' | 'inactive';

export type DefinitionVersion = VersionContent & {
  version: number;
  status: VersionStatus;
  published_at: string;
};

export type ProcessDefinitionState = {
  /** Null until the first version is published. */
  definition_id: string | null;
  /** Oldest first: version n is at index n - 1. */
  versions: DefinitionVersion[];
  active_version: number | null;
  created_at: string | null;
  updated_at: string | null;
};

/** One version as a runnable body, e.g. the active one when a run starts or a replay's own. */
export const definitionBody = (
  state: ProcessDefinitionState,
  version: number,
): DefinitionBody | undefined => {
  const found = state.versions[version - 1];
  if (!found || state.definition_id === null) return undefined;
  const { name, description, input_schema, steps, output } = found;
  return { id: state.definition_id, name, description, input_schema, steps, output };
};

const withStatus = (
  versions: readonly DefinitionVersion[],
  version: number | null,
  status: VersionStatus,
): DefinitionVersion[] => versions.map((v) => (v.version === version ? { ...v, status } : v));

export const processDefinitionDecider: Decider<
  ProcessDefinitionCommand,
  ProcessDefinitionEvent,
  ProcessDefinitionState
> = {
  initialState: () => ({
    definition_id: null,
    versions: [],
    active_version: null,
    created_at: null,
    updated_at: null,
  }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'process_definition.version_published': {
        const { definition_id, version, published_at, ...content } = event.data;
        return {
          ...state,
          definition_id,
          versions: [...state.versions, { ...content, version, status: 'draft', published_at }],
          created_at: state.created_at ?? published_at,
          updated_at: published_at,
        };
      }
      case 'process_definition.version_activated': {
        const { version, previous_version, activated_at } = event.data;
        return {
          ...state,
          versions: withStatus(
            withStatus(state.versions, previous_version, 'inactive'),
            version,
            'active',
          ),
          active_version: version,
          updated_at: activated_at,
        };
      }
      case 'process_definition.deactivated':
        return {
          ...state,
          versions: withStatus(state.versions, event.data.version, 'inactive'),
          active_version: null,
          updated_at: event.data.deactivated_at,
        };
    }
  },

  decide: (command, state) => {
    if (command.type === 'publish_version') {
      const { id, ...content } = command.body;
      return right([
        {
          type: 'process_definition.version_published',
          data: {
            definition_id: id,
            version: state.versions.length + 1,
            ...content,
            published_at: command.now,
          },
        },
      ]);
    }

    const definition_id = state.definition_id;
    if (definition_id === null)
      return left(domainError('not_found', 'The process definition does not exist.'));

    switch (command.type) {
      case 'activate': {
        if (!state.versions.some((v) => v.version === command.version)) {
          return left(
            domainError(
              'not_found',
              `Process definition ${definition_id} has no version ${command.version}.`,
            ),
          );
        }
        if (state.active_version === command.version) return right([]);
        return right([
          {
            type: 'process_definition.version_activated',
            data: {
              definition_id,
              version: command.version,
              previous_version: state.active_version,
              activated_at: command.now,
            },
          },
        ]);
      }
      case 'deactivate':
        if (state.active_version === null) return right([]);
        return right([
          {
            type: 'process_definition.deactivated',
            data: { definition_id, version: state.active_version, deactivated_at: command.now },
          },
        ]);
    }
  },
};
