import type {
  ProcessDefinitionEvent,
  VersionPublished,
} from '../domain/processes/definition/processDefinition.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Step } from '../domain/processes/stepLanguage.js';
import type { Change, Projection } from './projection.js';
import { collection } from './collection.js';

export const PROCESS_DEFINITIONS = collection<DefinitionDoc>('process_definitions');
export const PROCESS_DEFINITION_VERSIONS = collection<DefinitionVersionDoc>(
  'process_definition_versions',
);

export type DefinitionDoc = {
  id: string;
  object: 'process_definition';
  name: string;
  description: string | null;
  active_version: number | null;
  latest_version: number;
  created_at: string;
  updated_at: string;
};

export type VersionStatus = 'draft' | 'active' | 'inactive';

export type DefinitionVersionDoc = {
  /** `<definition id>@<version>`: versions of all definitions share one collection. */
  id: string;
  object: 'process_definition_version';
  definition_id: string;
  version: number;
  status: VersionStatus;
  name: string;
  description: string | null;
  input_schema: Record<string, unknown>;
  /**
   * As the log holds them: the header values of http steps sealed (in clear in versions published
   * before they were), so that a rebuild gives the same documents and none holds a credential.
   */
  steps: Step[];
  output: string | null;
  created_at: string;
};

export const versionDocId = (definitionId: string, version: number): string =>
  `${definitionId}@${version}`;

/** A version as its publication made it: a draft. */
export const publishedVersionDoc = (published: VersionPublished['data']): DefinitionVersionDoc => ({
  id: versionDocId(published.definition_id, published.version),
  object: 'process_definition_version',
  definition_id: published.definition_id,
  version: published.version,
  status: 'draft',
  name: published.name,
  description: published.description,
  input_schema: published.input_schema,
  steps: published.steps,
  output: published.output,
  created_at: published.published_at,
});

const setVersionStatus = (
  definitionId: string,
  version: number,
  status: VersionStatus,
): Change => ({
  op: 'patch',
  collection: PROCESS_DEFINITION_VERSIONS,
  id: versionDocId(definitionId, version),
  set: { status },
});

export const processDefinitionsProjection: Projection = {
  name: 'process_definitions',
  collections: [
    { name: PROCESS_DEFINITIONS, indexes: [['created_at']] },
    { name: PROCESS_DEFINITION_VERSIONS, indexes: [['definition_id', 'version']] },
  ],
  filter: { streamPrefixes: ['process_definition-'] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<ProcessDefinitionEvent>;
    switch (event.type) {
      case 'process_definition.version_published': {
        const { definition_id, version, published_at } = event.data;
        const doc = publishedVersionDoc(event.data);
        return [
          { op: 'put', collection: PROCESS_DEFINITION_VERSIONS, doc },
          {
            op: 'patch',
            collection: PROCESS_DEFINITIONS,
            id: definition_id,
            set: {
              name: doc.name,
              description: doc.description,
              latest_version: version,
              updated_at: published_at,
            },
            setOnInsert: {
              object: 'process_definition',
              active_version: null,
              created_at: published_at,
            },
          },
        ];
      }
      case 'process_definition.version_activated': {
        const { definition_id, version, previous_version, activated_at } = event.data;
        return [
          ...(previous_version === null
            ? []
            : [setVersionStatus(definition_id, previous_version, 'inactive')]),
          setVersionStatus(definition_id, version, 'active'),
          {
            op: 'patch',
            collection: PROCESS_DEFINITIONS,
            id: definition_id,
            set: { active_version: version, updated_at: activated_at },
          },
        ];
      }
      case 'process_definition.deactivated': {
        const { definition_id, version, deactivated_at } = event.data;
        return [
          setVersionStatus(definition_id, version, 'inactive'),
          {
            op: 'patch',
            collection: PROCESS_DEFINITIONS,
            id: definition_id,
            set: { active_version: null, updated_at: deactivated_at },
          },
        ];
      }
    }
  },
};
