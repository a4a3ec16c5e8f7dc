import type { Random } from './settings.js';
import type { RestartingServer } from './restartingServer.js';

export const MERCHANTS = ['mer_crash_a', 'mer_crash_b', 'mer_crash_c'] as const;
const TYPES = ['order.created', 'invoice.sent', 'payment.received', 'extension.crash.probe'];
const CHANNELS = [null, null, ['eu'], ['us', 'eu'], ['us']];
const LATE_FILTERS = [null, ['order.created'], ['invoice.sent', 'order.confirmed']];
const LATE_ENDPOINTS = 6;

/** A write the service answered 2xx: it must be in the log whatever happened afterwards. */
export type Acknowledged =
  | { kind: 'event'; id: string }
  | { kind: 'endpoint'; id: string }
  | { kind: 'endpoint_update'; id: string; description: string }
  | { kind: 'run'; id: string; definition: string }
  | { kind: 'approval'; instance: string };

export type LoadState = {
  acknowledged: Acknowledged[];
  endpoints: Array<{ id: string; merchant: string }>;
  /** Instances of the approval definition whose approval was asked for: answered 2xx, or not known. */
  approved: Set<string>;
  approvalUnknown: Set<string>;
  calls: { sent: number; failed: number };
};

/**
 * Steady API traffic from `workers` loops until `stop()`: publications (several types, channels
 * and an extension type, for several merchants), endpoint creations and updates, process runs and
 * approvals. Each call's 2xx answer is noted as acknowledged; a call cut by a kill is not.
 */
export const startLoad = (
  server: RestartingServer,
  random: Random,
  options: { seed: number; workers: number; urlOf: (merchant: string, label: string) => string },
  state: LoadState,
) => {
  let running = true;
  let n = 0;
  let late = 0;
  const waitingApproval: string[] = [];
  const acknowledge = (ack: Acknowledged) => state.acknowledged.push(ack);

  const operations: Array<[number, () => Promise<void>]> = [
    [
      60,
      async () => {
        const id = `evt_s${options.seed}_${n++}`;
        const channels = random.pick(CHANNELS);
        const res = await server.call('POST', '/v1/events', {
          id,
          type: random.pick(TYPES),
          merchant_id: random.pick(MERCHANTS),
          data: { n },
          ...(channels && { channels }),
        });
        if (res.status === 200 || res.status === 201) acknowledge({ kind: 'event', id });
      },
    ],
    [
      8,
      async () => {
        const endpoint = random.pick(state.endpoints);
        const description = `update ${n++}`;
        const res = await server.call('POST', `/v1/webhooks/${endpoint.id}`, {
          description,
          metadata: { update: String(n) },
        });
        if (res.status === 200)
          acknowledge({ kind: 'endpoint_update', id: endpoint.id, description });
      },
    ],
    [
      3,
      async () => {
        if (late >= LATE_ENDPOINTS) return;
        const merchant = random.pick(MERCHANTS);
        const channels = random.chance(0.3) ? ['eu'] : null;
        const res = await server.call('POST', '/v1/webhooks', {
          merchant_id: merchant,
          url: options.urlOf(merchant, `late${late++}`),
          filter_types: random.pick(LATE_FILTERS),
          channels,
        });
        if (res.status !== 201) return;
        acknowledge({ kind: 'endpoint', id: res.body.id as string });
        state.endpoints.push({ id: res.body.id as string, merchant });
      },
    ],
    [
      15,
      async () => {
        const res = await server.call('POST', '/v1/processes/crash.flow/runs', {
          merchant_id: random.pick(MERCHANTS),
          input: { n: n++ },
        });
        if (res.status === 201) acknowledge({ kind: 'run', id: res.body.id, definition: 'flow' });
      },
    ],
    [
      7,
      async () => {
        const res = await server.call('POST', '/v1/processes/crash.approval/runs', {
          merchant_id: random.pick(MERCHANTS),
        });
        if (res.status !== 201) return;
        acknowledge({ kind: 'run', id: res.body.id, definition: 'approval' });
        waitingApproval.push(res.body.id as string);
      },
    ],
    [
      7,
      async () => {
        const instance = waitingApproval.shift();
        if (!instance) return;
        state.approvalUnknown.add(instance);
        const res = await server.call('POST', `/v1/process-instances/${instance}/approvals`, {
          step_id: 'review',
          decision: 'approved',
        });
        if (res.status === 200) {
          state.approvalUnknown.delete(instance);
          state.approved.add(instance);
          acknowledge({ kind: 'approval', instance });
        } else if (res.status === 409) {
          // Not waiting yet: nothing changed, ask again later.
          state.approvalUnknown.delete(instance);
          waitingApproval.push(instance);
        }
      },
    ],
  ];
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  const pickOperation = () => {
    let roll = random.next() * total;
    for (const [weight, operation] of operations) if ((roll -= weight) < 0) return operation;
    return operations[0]![1];
  };

  const worker = async () => {
    while (running) {
      state.calls.sent++;
      try {
        await pickOperation()();
      } catch {
        state.calls.failed++;
        // The server is down: try again shortly.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, random.between(10, 50)));
    }
  };
  const workers = Array.from({ length: options.workers }, worker);
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
};
