import type { CheckableSchema } from '../../domain/processes/definition/checkableSchema.js';
import { compileStoredInputSchema } from '../../domain/processes/definition/checkableSchema.js';
import type { DefinitionBody } from '../../domain/processes/stepLanguage.js';
import type { DefinitionDoc, DefinitionVersionDoc } from '../../projections/processDefinitions.js';
import {
  PROCESS_DEFINITION_VERSIONS,
  PROCESS_DEFINITIONS,
  versionDocId,
} from '../../projections/processDefinitions.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import { getDoc } from '../reads/readModels.js';
import type { SecretBox } from '../secrets/secretBox.js';
import { openHeaders } from './sealedHeaders.js';

export type RunnableVersion = {
  body: DefinitionBody;
  version: number;
  inputSchema: CheckableSchema;
};

export type Definitions = {
  /** The definition's document, or undefined when there is none of that id. */
  definition: (id: string) => Promise<DefinitionDoc | undefined>;
  /** A published version, ready to run; undefined when it does not exist. */
  version: (id: string, version: number) => Promise<RunnableVersion | undefined>;
};

/** The version as it runs: its http steps' header values opened, to be sent. */
const bodyOf = (secrets: SecretBox, doc: DefinitionVersionDoc): DefinitionBody => ({
  id: doc.definition_id,
  name: doc.name,
  description: doc.description,
  input_schema: doc.input_schema,
  steps: openHeaders(secrets, doc.definition_id, doc.steps),
  output: doc.output,
});

/**
 * Published versions never change, so each is read, its header values opened and its input schema
 * compiled once, then kept (compiling a schema costs milliseconds; a run must not pay it).
 */
export const definitions = (services: {
  readStore: ReadStore;
  /** Opens the sealed header values of http steps. */
  secrets: SecretBox;
}): Definitions => {
  const versions = new Map<string, Promise<RunnableVersion | undefined>>();
  const load = async (id: string, version: number): Promise<RunnableVersion | undefined> => {
    const doc = await getDoc(
      services.readStore,
      PROCESS_DEFINITION_VERSIONS,
      versionDocId(id, version),
    );
    if (!doc) return undefined;
    return {
      body: bodyOf(services.secrets, doc),
      version,
      inputSchema: compileStoredInputSchema(doc.input_schema),
    };
  };
  return {
    definition: async (id) => await getDoc(services.readStore, PROCESS_DEFINITIONS, id),
    version: async (id, version) => {
      const key = versionDocId(id, version);
      let loading = versions.get(key);
      if (!loading) {
        loading = load(id, version);
        versions.set(key, loading);
        // An absent version may be published later: only found ones are kept.
        void loading.then(
          (found) => found || versions.delete(key),
          () => versions.delete(key),
        );
      }
      return loading;
    },
  };
};
