import type { ReadStore } from '../../adapters/readstore/port.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { HttpProblem } from '../http/problem.js';

/**
 * Creations of one merchant's endpoints in this process, one after another: two at once would
 * both count the same endpoints and pass the cap together.
 */
const creating = new Map<string, Promise<unknown>>();

/**
 * Runs `create` if the merchant has fewer than `max` endpoints, else refuses with 422
 * `limit_reached`. The cap bounds what one merchant's endpoints cost every delivery: each event
 * is planned to each of them, and each holds slots while its receiver answers.
 */
export const withinEndpointQuota = async <T>(
  readStore: ReadStore,
  merchantId: string,
  max: number,
  create: () => Promise<T>,
): Promise<T> => {
  const before = creating.get(merchantId) ?? Promise.resolve();
  const turn = before.then(async () => {
    const count = await readStore.count(
      WEBHOOK_ENDPOINTS,
      // As the merchant's list counts them: the endpoints of `sluice listen` are not its own.
      {
        where: { merchant_id: merchantId, listener: null },
        orderBy: { field: 'created_at', direction: 'desc' },
      },
      max,
    );
    if (count >= max)
      throw new HttpProblem(
        'limit_reached',
        `The merchant has ${max} endpoints, the most it may have (SLUICE_MAX_ENDPOINTS_PER_MERCHANT); delete one to create another.`,
      );
    return create();
  });
  const settled = turn.catch(() => undefined);
  creating.set(merchantId, settled);
  void settled.then(() => {
    if (creating.get(merchantId) === settled) creating.delete(merchantId);
  });
  return turn;
};
