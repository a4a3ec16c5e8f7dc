import type { ServiceCaller } from '../../adapters/services/port.js';
import type { StepWait } from '../../domain/processes/instance/instanceEvents.js';
import type { DefinitionBody } from '../../domain/processes/stepLanguage.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import type { Definitions } from './definitions.js';
import type { ExpressionContext } from './expressions.js';

/** What became of one run of a step. */
export type StepOutcome =
  | { kind: 'completed'; output: unknown; next: string | null }
  | { kind: 'waiting'; wait: StepWait }
  | { kind: 'failed'; code: string; message: string };

export type StepEnvironment = {
  services: Pick<Services, 'eventStore' | 'now'>;
  caller: ServiceCaller;
  definitions: Definitions;
  definition: DefinitionBody;
  /** How many `call`s deep the instance is (0: top level). */
  depth: number;
  /**
   * The branch or map run the step is in, with the run of each enclosing fork (`fan[3]@2`): what
   * tells its emits apart from those of other runs; `''` on the main line.
   */
  lane: string;
  /** How many attempts of this run of the step failed and were retried. */
  failures: number;
  context: ExpressionContext;
  /** Which run of this step this is (1 for the first): loops run a step again. */
  run: number;
  metadata: EventMetadata;
};
