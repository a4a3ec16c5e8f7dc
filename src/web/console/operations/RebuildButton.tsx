import type { Api, Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { useAction } from '../../shared/useAction';
import { ConfirmedAction } from './ConfirmDialog';

type Projection = Schemas['Projection'];

/** Rebuilding one projection from the start of the log, once the operator confirms it. */
export const RebuildButton = ({
  api,
  projection,
  onStarted,
}: {
  api: Api;
  projection: Projection;
  onStarted: (projection: Projection) => void;
}) => {
  const rebuild = useAction(async () => {
    const started = await unwrap(
      api.POST('/v1/admin/projections/{name}/rebuild', {
        params: { path: { name: projection.name } },
      }),
    );
    onStarted(started);
    return started;
  });
  return (
    <ConfirmedAction
      size="small"
      label="Rebuild"
      disabled={projection.status === 'rebuilding'}
      accessibleLabel={`Rebuild ${projection.name}`}
      title={`Rebuild ${projection.name}?`}
      confirmLabel="Rebuild"
      action={rebuild}
    >
      <p>
        Sluice replays the whole event log into fresh tables beside the live ones, and swaps them in
        once they have caught up. Reads keep being served from the live tables meanwhile.
      </p>
      <p>On a long log this takes a while; the progress shows on this page.</p>
    </ConfirmedAction>
  );
};
