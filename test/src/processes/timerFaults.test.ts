import { expect } from 'chai';
import { left } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { activeDefinition, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const delayed = (id: string) => ({
  id,
  name: id,
  input_schema: { type: 'object' },
  steps: [
    { id: 'pause', type: 'delay', duration_ms: 200 },
    { id: 'after', type: 'transform', value: '"woke"' },
  ],
  output: 'steps.after',
});

/** Is this the append that ends the delay of step `pause`? */
const endsThePause = (stream: string, events: Parameters<EventStore['append']>[1]) =>
  stream.startsWith('process_instance-') &&
  events.some(
    (event) =>
      event.type === 'process_instance.step_completed' &&
      (event.data as { step_id: string }).step_id === 'pause',
  );

/**
 * The service's own store, made to refuse the appends that end a delay the first `times` times,
 * as `refusal` says: the executor must not take a refusal for a wait that is over.
 */
const refuseFiring = (
  service: TestService,
  times: number,
  refusal: () => ReturnType<EventStore['append']>,
) => {
  const store = service.services.eventStore;
  const append = store.append;
  let refused = 0;
  store.append = (stream, events, expected) => {
    if (endsThePause(stream, events) && refused < times) {
      refused++;
      return refusal();
    }
    return append(stream, events, expected);
  };
  return () => refused;
};

describe('process timers that cannot fire at once', function () {
  this.timeout(30_000);
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService();
  });
  afterEach(() => service.stop());

  const runToEnd = async (definitionId: string) => {
    await activeDefinition(service, delayed(definitionId));
    const res = await run(service, definitionId, { input: {}, wait: { timeout_ms: 15_000 } });
    expect(res.status, res.text).to.equal(200);
    return res.body as Record<string, any>;
  };

  it('fire again when the store fails, until the instance goes on', async () => {
    const refused = refuseFiring(service, 2, () =>
      Promise.reject(new Error('SQLITE_IOERR: disk I/O error')),
    );
    const done = await runToEnd('timers.store_fails');
    expect(refused()).to.equal(2);
    expect(done.status).to.equal('completed');
    expect(done.result.output).to.equal('woke');
  });

  it('read the instance again and fire when another writer got there first', async () => {
    const refused = refuseFiring(service, 2, () =>
      Promise.resolve(
        left({
          kind: 'concurrency_conflict',
          stream: 'process_instance-x',
          expected: 0,
          actual: 1,
        }),
      ),
    );
    const done = await runToEnd('timers.conflict');
    expect(refused()).to.equal(2);
    expect(done.status).to.equal('completed');
    expect(done.result.output).to.equal('woke');
  });
});
