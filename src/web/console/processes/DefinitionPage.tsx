import { useState } from 'preact/hooks';
import {
  Badge,
  CodeBlock,
  ErrorState,
  KeyValues,
  Loading,
  PageHeader,
  SelectField,
} from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { DefinitionSteps } from './DefinitionSteps';
import { StepGraph } from './graph/StepGraph';
import { humanized } from './labels';
import { InstanceList } from './InstanceList';
import type { Definition, DefinitionVersion } from './processApi';
import { getDefinition } from './processApi';
import { processRoutes } from './routes';

const VERSION_TONE = { active: 'success', inactive: 'neutral', draft: 'info' } as const;

const versionLabel = (v: DefinitionVersion) => `v${v.version} · ${v.status}`;

/** What the chosen version says: its steps drawn and listed, its input schema and its output. */
const VersionDetails = ({ version }: { version: DefinitionVersion }) => (
  <>
    <StepGraph steps={version.steps} />
    <DefinitionSteps steps={version.steps} />
    <section class="card proc-panel" aria-labelledby="version-io-heading">
      <h2 id="version-io-heading">Input and output</h2>
      <CodeBlock label="Input schema (JSON Schema 2020-12)" value={version.input_schema} />
      {version.output ? (
        <CodeBlock label="Output expression (JSONata)" value={version.output} />
      ) : (
        <p class="proc-muted">This version gives no output.</p>
      )}
    </section>
  </>
);

const DefinitionView = ({ definition }: { definition: Definition }) => {
  const [chosen, setChosen] = useState(definition.active_version ?? definition.latest_version);
  const version =
    definition.versions.find((v) => v.version === chosen) ?? definition.versions.at(-1);
  return (
    <>
      <PageHeader
        title={definition.name}
        description={definition.description ?? undefined}
        actions={
          definition.active_version === null ? (
            <Badge tone="neutral">Inactive</Badge>
          ) : (
            <Badge tone="success">Active · v{definition.active_version}</Badge>
          )
        }
      />
      <div class="card proc-panel">
        <KeyValues
          items={[
            ['Id', <code>{definition.id}</code>],
            ['Versions', definition.versions.length],
            ['Created', formatDateTime(definition.created_at)],
            ['Updated', formatDateTime(definition.updated_at)],
          ]}
        />
        <div class="proc-version-pick">
          <SelectField
            label="Version shown"
            value={String(version?.version ?? '')}
            options={definition.versions.map((v) => ({
              value: String(v.version),
              label: versionLabel(v),
            }))}
            onValue={(value) => setChosen(Number(value))}
          />
          {version && (
            <Badge tone={VERSION_TONE[version.status]}>{humanized(version.status)}</Badge>
          )}
        </div>
      </div>
      {version && <VersionDetails version={version} />}
      <h2 class="proc-section-heading">Instances</h2>
      <InstanceList
        filter={{ definitionId: definition.id }}
        caption={`Instances of ${definition.id}`}
        emptyHint="No run of this definition yet."
      />
    </>
  );
};

/** A definition: its versions, the chosen version's steps as a graph, and its instances. */
export const DefinitionPage = ({ id }: { id: string }) => {
  const { api } = useConsole();
  const definition = useLoad(() => getDefinition(api, id), [id]);
  return (
    <>
      <a class="proc-back" href={hrefOf(processRoutes.definitions)}>
        ← All definitions
      </a>
      {definition.state === 'loading' && <Loading label="Loading the definition…" />}
      {definition.state === 'failed' && (
        <ErrorState problem={definition.problem} onRetry={definition.reload} />
      )}
      {definition.state === 'ready' && <DefinitionView definition={definition.data} />}
    </>
  );
};
