import { PlannedPage } from './PlannedPage';

export const AuditPage = ({ route }: { route: string }) => (
  <PlannedPage
    title="Audit log"
    what={`Every change, filtered by stream, type and merchant. (${route})`}
  />
);
