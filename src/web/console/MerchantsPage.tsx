import { PlannedPage } from './PlannedPage';

export const MerchantsPage = ({ route }: { route: string }) => (
  <PlannedPage
    title="Merchants"
    what={`Each merchant with its endpoints, failing ones first. (${route})`}
  />
);
