import { hrefOf } from '../../shared/router';

/** The way back from an endpoint's pages to the list. */
export const BackToEndpoints = () => (
  <a class="back-link" href={hrefOf('endpoints')}>
    ← Endpoints
  </a>
);
