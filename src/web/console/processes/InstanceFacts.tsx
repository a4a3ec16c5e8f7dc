import { Badge, CodeBlock, KeyValues } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { humanized } from './labels';
import type { DefinitionVersion, Instance } from './processApi';
import { processRoutes } from './routes';
import { INSTANCE_TONE } from './statusTones';

/** The instance at a glance: what runs, for whom, since when; what went in and what came out. */
export const InstanceFacts = ({
  instance,
  version,
}: {
  instance: Instance;
  version: DefinitionVersion;
}) => (
  <>
    <section class="card proc-panel" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Summary</h2>
      <KeyValues
        items={[
          [
            'Status',
            <Badge tone={INSTANCE_TONE[instance.status]}>{humanized(instance.status)}</Badge>,
          ],
          [
            'Definition',
            <a href={hrefOf(processRoutes.definition(instance.definition.id))}>
              {version.name} <span class="mono">v{instance.definition.version}</span>
            </a>,
          ],
          ['Merchant', <code>{instance.merchant_id}</code>],
          ['Started', formatDateTime(instance.created_at)],
          ['Last change', formatDateTime(instance.updated_at)],
          ['Ended', instance.completed_at ? formatDateTime(instance.completed_at) : 'not yet'],
          [
            'Called by',
            instance.parent ? (
              <span>
                <a class="mono" href={hrefOf(processRoutes.instance(instance.parent.instance_id))}>
                  {instance.parent.instance_id}
                </a>{' '}
                at step <code>{instance.parent.step_id}</code>
              </span>
            ) : (
              '—'
            ),
          ],
          [
            'Replay of',
            instance.replay_of ? (
              <a class="mono" href={hrefOf(processRoutes.instance(instance.replay_of))}>
                {instance.replay_of}
              </a>
            ) : (
              '—'
            ),
          ],
        ]}
      />
    </section>
    {instance.children.length > 0 && <ChildInstances children={instance.children} />}
    <section class="card proc-panel" aria-labelledby="io-heading">
      <h2 id="io-heading">Input and result</h2>
      <CodeBlock label="Input" value={instance.inputs} />
      {instance.error && (
        <div class="proc-step-error" role="note">
          <strong>Failed: {instance.error.code}</strong>
          <p>
            {instance.error.message}
            {instance.error.step_id && (
              <>
                {' '}
                (step <code>{instance.error.step_id}</code>)
              </>
            )}
          </p>
        </div>
      )}
      {instance.result ? (
        <CodeBlock label="Output" value={instance.result.output} />
      ) : (
        <p class="proc-muted">
          {instance.status === 'completed' ? 'Completed without output.' : 'No output yet.'}
        </p>
      )}
    </section>
  </>
);

/** The instances the call steps started, each with its step and how it stands. */
const ChildInstances = ({ children }: { children: Instance['children'] }) => (
  <section class="card proc-panel" aria-labelledby="children-heading">
    <h2 id="children-heading">Child instances</h2>
    <ul class="proc-children">
      {children.map((child) => (
        <li key={child.instance_id}>
          <a class="mono" href={hrefOf(processRoutes.instance(child.instance_id))}>
            {child.instance_id}
          </a>{' '}
          <span class="proc-muted">
            {child.definition.id} v{child.definition.version}, from step{' '}
          </span>
          <code>{child.step_id}</code>{' '}
          <Badge tone={INSTANCE_TONE[child.status]}>{humanized(child.status)}</Badge>
        </li>
      ))}
    </ul>
  </section>
);
