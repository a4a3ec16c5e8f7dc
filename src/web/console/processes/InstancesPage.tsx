import { useState } from 'preact/hooks';
import { PageHeader } from '../../shared/components';
import { InstanceFilters } from './InstanceFilters';
import { InstanceList } from './InstanceList';
import type { InstanceFilter } from './processApi';
import { SectionTabs } from './SectionTabs';

/** The filters last applied: coming back from an instance finds the list as it was left. */
let lastFilter: InstanceFilter = {};

/** Every process instance, newest first, filtered as the operator asks. */
export const InstancesPage = () => {
  const [filter, setShownFilter] = useState<InstanceFilter>(() => lastFilter);
  const setFilter = (next: InstanceFilter) => {
    lastFilter = next;
    setShownFilter(next);
  };
  const filtered = Boolean(filter.merchantId || filter.status || filter.definitionId);
  return (
    <>
      <PageHeader
        title="Processes"
        description="Runs of the platform’s process definitions: where each one stands, and what it waits for."
      />
      <SectionTabs current="instances" />
      <InstanceFilters filter={filter} onFilter={setFilter} />
      <InstanceList
        filter={filter}
        caption="Process instances"
        emptyHint={
          filtered
            ? 'No instance matches these filters.'
            : 'Instances appear here when a process is run: POST /v1/processes/{id}/runs.'
        }
      />
    </>
  );
};
