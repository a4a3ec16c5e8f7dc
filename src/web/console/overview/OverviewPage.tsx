import { useState } from 'preact/hooks';
import { Button, PageHeader } from '../../shared/components';
import { FailedInstances } from './FailedInstances';
import { FailingEndpoints } from './FailingEndpoints';
import { ProjectionsLag } from './ProjectionsLag';
import { ServiceHealth } from './ServiceHealth';
import { WaitingOnPeople } from './WaitingOnPeople';
import './overview.css';

/**
 * What an operator looks at first: whether the service answers, how far behind the log its read
 * models are, the endpoints failing now, and the instances that failed or wait for a person.
 */
export const OverviewPage = () => {
  const [round, setRound] = useState(0);
  return (
    <>
      <PageHeader
        title="Overview"
        description="How the service stands now, and what needs someone."
        actions={<Button onClick={() => setRound(round + 1)}>Refresh</Button>}
      />
      <div class="overview-grid">
        <ServiceHealth round={round} />
        <ProjectionsLag round={round} />
        <FailingEndpoints round={round} />
        <FailedInstances round={round} />
        <WaitingOnPeople round={round} />
      </div>
    </>
  );
};
