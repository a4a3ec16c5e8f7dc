import { parseJsonObject } from '../../shared/jsonText';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { unwrap } from '../../shared/api';
import { Badge, Button, ProblemBanner, SelectField, TextAreaField } from '../../shared/components';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';
import type { EventType } from './eventTypeGroups';

/** One run of the tester: the expression and the event tried, and what the API said. */
type Outcome = {
  run: number;
  filter: string;
  type: string;
  data: string;
  matches: boolean;
  error: string | null;
};

const KEPT_OUTCOMES = 5;

const exampleText = (type: EventType | undefined): string =>
  JSON.stringify(type?.examples[0] ?? {}, null, 2);

const OutcomeLine = ({ outcome }: { outcome: Outcome }) => {
  const [tone, verdict] = outcome.error
    ? (['warning', 'Could not be evaluated'] as const)
    : outcome.matches
      ? (['success', 'Matches'] as const)
      : (['neutral', 'Does not match'] as const);
  const compact = JSON.stringify(JSON.parse(outcome.data));
  return (
    <li class="test-outcome">
      <Badge tone={tone}>{verdict}</Badge>
      <span class="test-outcome-what">
        <code class="test-outcome-filter" title="The filter tested">
          {outcome.filter}
        </code>
        <span class="mono">{outcome.type}</span>
        <span class="test-outcome-data mono">{compact}</span>
        {outcome.error && <span class="field-error">{outcome.error}</span>}
      </span>
    </li>
  );
};

/**
 * Tries a filter on an event before saving it: a catalog example, or data pasted in, evaluated by
 * the API as delivery would (POST /v1/webhook-filters/test). Nothing is recorded or sent.
 */
export const FilterTester = ({
  filter,
  catalog,
  preferred,
}: {
  filter: string;
  catalog: readonly EventType[];
  /** The types to start from: the endpoint's own. */
  preferred: readonly string[];
}) => {
  const { api } = usePortal();
  const types = catalog.filter((type) => type.deliverable);
  const first = types.find((type) => preferred.includes(type.name)) ?? types[0];
  const [typeName, setTypeName] = useState(first?.name ?? '');
  const [dataText, setDataText] = useState(() => exampleText(first));
  const [fault, setFault] = useState<string>();
  const [noFilter, setNoFilter] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const test = useAction(
    useCallback(
      (body: { filter: string; event: { type: string; data: Record<string, unknown> } }) =>
        unwrap(api.POST('/v1/webhook-filters/test', { body })),
      [api],
    ),
  );
  // A problem of an earlier expression (one that did not compile) is not this one's: once the
  // filter is changed (and then saved), it is no longer shown.
  const { clear } = test;
  useEffect(() => {
    clear();
    setNoFilter(false);
  }, [filter, clear]);
  const chooseType = (name: string) => {
    setTypeName(name);
    setDataText(exampleText(types.find((type) => type.name === name)));
    setFault(undefined);
  };
  const run = async () => {
    const parsed = parseJsonObject(dataText);
    setFault('fault' in parsed ? parsed.fault : undefined);
    setNoFilter(filter.trim() === '');
    if ('fault' in parsed || filter.trim() === '') return;
    const answer = await test.run({ filter, event: { type: typeName, data: parsed.data } });
    if (!answer) return;
    const tried = { filter, type: typeName, data: dataText, matches: answer.matches };
    const error = answer.error?.message ?? null;
    setOutcomes((kept) => [
      { ...tried, error, run: (kept[0]?.run ?? 0) + 1 },
      ...kept.slice(0, KEPT_OUTCOMES - 1),
    ]);
  };
  return (
    <div class="tester" role="group" aria-labelledby="filter-tester-title">
      <h3 id="filter-tester-title">Test the filter</h3>
      <p class="field-hint">
        Pick an event type to start from its example, or paste the data of a real event.
      </p>
      <SelectField
        label="Event type"
        value={typeName}
        onValue={chooseType}
        options={types.map((type) => ({ value: type.name, label: type.name }))}
      />
      <TextAreaField
        label="Event data (JSON)"
        monospace
        rows={8}
        value={dataText}
        onValue={setDataText}
        error={fault}
      />
      <div class="tester-actions">
        <Button busy={test.busy} onClick={() => void run()}>
          Test filter
        </Button>
        <Button variant="ghost" onClick={() => chooseType(typeName)}>
          Use the example
        </Button>
      </div>
      {noFilter && <p class="field-error">Write a filter expression above to test it.</p>}
      {test.problem && <ProblemBanner problem={test.problem} />}
      <div aria-live="polite">
        {outcomes.length > 0 && (
          <ol class="test-outcomes" aria-label="Test results, newest first">
            {outcomes.map((outcome) => (
              <OutcomeLine key={outcome.run} outcome={outcome} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
};
