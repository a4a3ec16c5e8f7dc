import { PlannedPage } from './PlannedPage';

export const PortalLinksPage = () => (
  <PlannedPage
    title="Portal links"
    what="A link that opens the merchant portal for one merchant."
  />
);
