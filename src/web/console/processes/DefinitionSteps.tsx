import type { Column } from '../../shared/components';
import { Table } from '../../shared/components';
import { END, stepFlow } from './graph/stepFlow';
import type { FlowEdge } from './graph/stepFlow';
import { humanized } from './labels';
import type { Step } from './processApi';

const target = (edge: FlowEdge) => (edge.to === END ? 'end' : edge.to);

const wayOut = (edge: FlowEdge): string => {
  if (edge.kind === 'branch') return `${target(edge)} when ${edge.label ?? ''}`;
  if (edge.kind === 'lane') return `${target(edge)} (${edge.label ?? ''})`;
  return target(edge);
};

/** One version's steps as a table: what each does, when it runs, and where the run goes next. */
/** How a way out is introduced in the steps' table, beside its target. */
const prefixOf = (edge: FlowEdge): string => {
  if (edge.kind === 'otherwise') return 'otherwise ';
  if (edge.kind === 'timeout') return 'on timeout ';
  if (edge.kind === 'catch') return `on ${edge.label?.slice('catch '.length) ?? ''} `;
  return '';
};

export const DefinitionSteps = ({ steps }: { steps: Step[] }) => {
  const edges = stepFlow(steps).edges;
  const columns: Column<Step>[] = [
    {
      header: 'Step',
      cell: (s) => (
        <>
          <span class="cell-primary mono">{s.id}</span>
          {s.name && <span class="cell-secondary">{s.name}</span>}
        </>
      ),
    },
    { header: 'Type', cell: (s) => humanized(s.type) },
    {
      header: 'Runs when',
      wide: true,
      cell: (s) => (s.if ? <code>{s.if}</code> : 'always'),
    },
    {
      header: 'Then',
      cell: (s) => {
        const out = edges.filter((e) => e.from === s.id);
        if (out.length === 0) return s.type === 'fail' ? 'fails the run' : 'end';
        return (
          <ul class="proc-ways-out">
            {out.map((e) => (
              <li key={e.id}>
                {prefixOf(e)}
                <code>{wayOut(e)}</code>
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      header: 'Listed',
      wide: true,
      cell: (s) => (s.visible === false ? 'hidden' : 'yes'),
    },
  ];
  return (
    <div class="proc-table-block">
      <Table caption="Steps" columns={columns} rows={steps} rowKey={(s) => s.id} />
    </div>
  );
};
