import { EmptyState, PageHeader } from '../../shared/components';
import { hrefOf } from '../../shared/router';
import { DefinitionPage } from './DefinitionPage';
import { DefinitionsPage } from './DefinitionsPage';
import { InstancePage } from './InstancePage';
import { InstancesPage } from './InstancesPage';
import { processPageOf, processRoutes } from './routes';
import './processes.css';

/** The console's Processes section: instances, definitions, and one of either. */
export const ProcessesSection = ({ route }: { route: string }) => {
  const page = processPageOf(route);
  switch (page.page) {
    case 'instances':
      return <InstancesPage />;
    case 'definitions':
      return <DefinitionsPage />;
    case 'definition':
      return <DefinitionPage key={page.id} id={page.id} />;
    case 'instance':
      return <InstancePage key={page.id} id={page.id} />;
    case 'unknown':
      return (
        <>
          <PageHeader title="Processes" />
          <div class="card">
            <EmptyState
              title="There is no such page"
              actions={<a href={hrefOf(processRoutes.instances)}>See all instances</a>}
            >
              {`Nothing in Processes is named “${route}”.`}
            </EmptyState>
          </div>
        </>
      );
  }
};
