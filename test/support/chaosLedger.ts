import { randomBytes } from 'node:crypto';
import type { ApiClient, ApiResponse } from './apiClient.js';
import type { TestReceiver } from './receiver.js';
import { startTestReceiver } from './receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A merchant of the chaos run: its endpoint, and the receiver behind it with what it answered. */
export type ChaosMerchant = {
  id: string;
  receiver: TestReceiver;
  /** The status the receiver answered to each of its requests, by the request's index. */
  answered: number[];
  endpointId?: string;
};

/** A merchant whose receiver answers 204, or 500 to every `failEvery`-th request (retried). */
export const chaosMerchant = async (id: string, failEvery?: number): Promise<ChaosMerchant> => {
  const answered: number[] = [];
  const receiver = await startTestReceiver((n) => {
    answered[n] = failEvery !== undefined && n % failEvery === failEvery - 1 ? 500 : 204;
    return { status: answered[n] };
  });
  return { id, receiver, answered };
};

/** What the service accepted during the run, and how everything else was answered. */
export type Ledger = {
  /** Event ids accepted (201), by merchant. */
  events: Map<string, string[]>;
  /** Instance ids of runs answered 2xx. */
  runs: string[];
  /** Answers by status class, and requests that got no answer at all. */
  answers: { '2xx': number; '4xx': number; '500': number; '503': number; none: number };
};

export const emptyLedger = (merchants: readonly ChaosMerchant[]): Ledger => ({
  events: new Map(merchants.map((m) => [m.id, []])),
  runs: [],
  answers: { '2xx': 0, '4xx': 0, '500': 0, '503': 0, none: 0 },
});

const tally = (ledger: Ledger, res: ApiResponse | undefined) => {
  const { answers } = ledger;
  if (!res) answers.none++;
  else if (res.status < 300) answers['2xx']++;
  else if (res.status < 500) answers['4xx']++;
  else if (res.status === 503) answers['503']++;
  else answers['500']++;
};

/**
 * Traffic while `fault` lasts, every 100 ms, through each API process in turn: an event for each
 * merchant in turn, and a run of `flow`. Everything accepted goes into the ledger.
 */
export const underLoad = async (
  apis: readonly ApiClient[],
  admin: string,
  merchants: readonly ChaosMerchant[],
  flow: string,
  ledger: Ledger,
  fault: () => Promise<void>,
) => {
  let faulting = true;
  const faulted = fault().finally(() => (faulting = false));
  for (let i = 0; faulting; i++) {
    const api = apis[i % apis.length]!;
    const merchant = merchants[i % merchants.length]!;
    const id = `evt_chaos_${randomBytes(6).toString('hex')}`;
    const [published, run] = await Promise.all([
      api
        .post('/v1/events', admin, {
          id,
          type: 'order.created',
          merchant_id: merchant.id,
          data: { order_id: id },
        })
        .catch(() => undefined),
      api
        .post(`/v1/processes/${flow}/runs`, admin, { merchant_id: merchant.id, input: { n: i } })
        .catch(() => undefined),
    ]);
    tally(ledger, published);
    tally(ledger, run);
    if (published?.status === 201) ledger.events.get(merchant.id)!.push(id);
    if (run && run.status >= 200 && run.status < 300) ledger.runs.push(run.body.id as string);
    await sleep(100);
  }
  await faulted;
};

/** Every page of a list route, oldest pages last. */
export const everyPage = async <T>(api: ApiClient, admin: string, path: string): Promise<T[]> => {
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const glue = path.includes('?') ? '&' : '?';
    const page: ApiResponse = await api.get(
      `${path}${glue}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      admin,
    );
    if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.text}`);
    all.push(...(page.body.data as T[]));
    cursor = page.body.has_more ? (page.body.next_cursor as string) : null;
  } while (cursor);
  return all;
};

/** How a merchant's receiver was reached: requests by webhook-id, and by the status answered. */
export const receiverCounts = (merchant: ChaosMerchant) => {
  const byId = new Map<string, number>();
  const webhooks = merchant.receiver.received.filter((r) => r.headers['webhook-id']);
  for (const r of webhooks) {
    const id = String(r.headers['webhook-id']);
    byId.set(id, (byId.get(id) ?? 0) + 1);
  }
  const statuses = merchant.answered.slice(0, merchant.receiver.received.length);
  return {
    byId,
    succeeded: statuses.filter((s) => s < 300).length,
    failed: statuses.filter((s) => s >= 300).length,
    /** Ids that got at least one 2xx answer. */
    delivered: new Set(
      merchant.receiver.received
        .filter((_, n) => (merchant.answered[n] ?? 0) < 300)
        .map((r) => String(r.headers['webhook-id'])),
    ),
  };
};

/** Polls `check` until it returns nothing (all is well) or `ms` pass; returns the last complaint. */
export const eventually = async (ms: number, check: () => Promise<string | undefined>) => {
  const deadline = performance.now() + ms;
  for (;;) {
    const complaint = await check();
    if (complaint === undefined || performance.now() > deadline) return complaint;
    await sleep(250);
  }
};
