import { hrefOf } from '../../shared/router';
import { processRoutes } from './routes';

/** The two lists of the section: instances (what runs) and definitions (what can run). */
export const SectionTabs = ({ current }: { current: 'instances' | 'definitions' }) => (
  <nav class="proc-tabs" aria-label="Processes">
    <a
      href={hrefOf(processRoutes.instances)}
      aria-current={current === 'instances' ? 'page' : undefined}
    >
      Instances
    </a>
    <a
      href={hrefOf(processRoutes.definitions)}
      aria-current={current === 'definitions' ? 'page' : undefined}
    >
      Definitions
    </a>
  </nav>
);
