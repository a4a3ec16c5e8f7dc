import { useState } from 'preact/hooks';
import { PageHeader } from '../../shared/components';
import { queryOfHash } from '../operations/hashQuery';
import { InstanceFilters } from './InstanceFilters';
import { InstanceList } from './InstanceList';
import type { InstanceFilter, InstanceStatus } from './processApi';
import { SectionTabs } from './SectionTabs';
import { INSTANCE_STATUSES } from './statusTones';

/** The filters last applied: coming back from an instance finds the list as it was left. */
let lastFilter: InstanceFilter = {};

/** The status a link asks for (`#/processes?status=failed`, from the overview), if any. */
const linkedFilter = (): InstanceFilter | undefined => {
  const status = queryOfHash(window.location.hash).get('status');
  return INSTANCE_STATUSES.includes(status as InstanceStatus)
    ? { status: status as InstanceStatus }
    : undefined;
};

/** Every process instance, newest first, filtered as the operator asks. */
export const InstancesPage = () => {
  const [filter, setShownFilter] = useState<InstanceFilter>(() => {
    lastFilter = linkedFilter() ?? lastFilter;
    return lastFilter;
  });
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
