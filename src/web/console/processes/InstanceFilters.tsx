import { useState } from 'preact/hooks';
import { Button, SelectField, TextField } from '../../shared/components';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { humanized } from './labels';
import type { InstanceFilter, InstanceStatus } from './processApi';
import { definitionChoices } from './processApi';
import { INSTANCE_STATUSES } from './statusTones';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...INSTANCE_STATUSES.map((status) => ({ value: status, label: humanized(status) })),
];

/** The filters the API offers on instances: merchant, status and definition. */
export const InstanceFilters = ({
  filter,
  onFilter,
}: {
  filter: InstanceFilter;
  onFilter: (filter: InstanceFilter) => void;
}) => {
  const { api } = useConsole();
  const definitions = useLoad(() => definitionChoices(api));
  const [merchant, setMerchant] = useState(filter.merchantId ?? '');
  const definitionOptions = [
    { value: '', label: 'Any definition' },
    ...(definitions.state === 'ready'
      ? definitions.data.map((d) => ({ value: d.id, label: `${d.name} (${d.id})` }))
      : []),
  ];
  const apply = (change: Partial<InstanceFilter>) => {
    const next = { ...filter, merchantId: merchant.trim(), ...change };
    onFilter({
      ...(next.merchantId && { merchantId: next.merchantId }),
      ...(next.status && { status: next.status }),
      ...(next.definitionId && { definitionId: next.definitionId }),
    });
  };
  const clear = () => {
    setMerchant('');
    onFilter({});
  };
  return (
    <form
      class="card proc-filters"
      aria-label="Filter instances"
      onSubmit={(e) => {
        e.preventDefault();
        apply({});
      }}
    >
      <TextField
        label="Merchant"
        placeholder="mer_…"
        value={merchant}
        onValue={setMerchant}
        spellcheck={false}
      />
      <SelectField
        label="Status"
        value={filter.status ?? ''}
        options={STATUS_OPTIONS}
        onValue={(status) => apply({ status: (status || undefined) as InstanceStatus | undefined })}
      />
      <SelectField
        label="Definition"
        value={filter.definitionId ?? ''}
        options={definitionOptions}
        onValue={(definitionId) => apply({ definitionId: definitionId || undefined })}
      />
      <div class="proc-filter-actions">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button variant="ghost" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
};
