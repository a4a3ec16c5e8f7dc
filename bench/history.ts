/**
 * A realistic history for benchmarks that need a long log: what a platform's traffic leaves in it,
 * written by the domain's own deciders so that every projection finds the events it expects.
 * Per published event: the event, its delivery planned and attempted (every fifth fails once
 * first); every twentieth event also runs a process instance to completion.
 */
import { randomUUID } from 'node:crypto';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { apiKeyDecider, apiKeyStream } from '../domain/api-keys/apiKey.js';
import type { AttemptOutcome } from '../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../domain/deliveries/delivery.js';
import { businessEventDecider, businessEventStream } from '../domain/events/businessEvent.js';
import { parseDefinition } from '../domain/processes/definition/parseDefinition.js';
import {
  definitionStream,
  processDefinitionDecider,
} from '../domain/processes/definition/processDefinition.js';
import { instanceDecider, instanceStream } from '../domain/processes/instance/processInstance.js';
import type { Decider } from '../domain/shared/decider.js';
import type { DomainEvent, EventMetadata, NewEvent } from '../domain/shared/envelope.js';
import { emptyMetadata } from '../domain/shared/envelope.js';
import { endpointDecider, endpointStream } from '../domain/webhooks/endpoint.js';
import { exampleDefinitions } from '../src/examples/processes/definitions.js';

const MERCHANTS = 10;
const ENDPOINTS_PER_MERCHANT = 2;
const WRITES_PER_GROUP = 500;

type Write = { stream: string; events: NewEvent[] };

/** The events a decider produces for these commands, one after another, from a fresh stream. */
const decided = <C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  commands: readonly C[],
  metadata: EventMetadata,
): NewEvent[] => {
  let state = decider.initialState();
  const events: NewEvent[] = [];
  for (const command of commands) {
    const result = decider.decide(command, state);
    if (isLeft(result)) throw new Error(`history: ${result.left.detail}`);
    for (const event of result.right) {
      state = decider.evolve(state, event);
      events.push({ ...event, id: randomUUID(), metadata });
    }
  }
  return events;
};

/** `answer`: the body of a receiver's 200 (none: a 204 without one). */
const outcome = (url: string, ok: boolean, answer: string | undefined): AttemptOutcome => ({
  status: ok ? 'succeeded' : 'failed',
  url,
  response_status_code: ok ? (answer === undefined ? 204 : 200) : 503,
  response_body: ok ? (answer ?? null) : 'busy',
  error: ok ? null : { code: 'http_status', message: 'The receiver answered 503.' },
  duration_ms: 12,
});

const setup = (now: string): Write[] => {
  const writes: Write[] = [];
  const meta = { ...emptyMetadata(), actor: 'key_bench', request_id: 'req_bench' };
  for (let m = 0; m < MERCHANTS; m++) {
    const merchant = `mer_bench_${m}`;
    const keyId = `key_bench_${m}`;
    writes.push({
      stream: apiKeyStream(keyId),
      events: decided(
        apiKeyDecider,
        [
          {
            type: 'create_api_key',
            key_id: keyId,
            role: 'merchant',
            merchant_id: merchant,
            name: null,
            key_hash: 'x'.repeat(64),
            now,
          },
        ],
        { ...meta, merchant_id: merchant },
      ),
    });
    for (let e = 0; e < ENDPOINTS_PER_MERCHANT; e++) {
      const endpointId = endpointOf(m, e);
      writes.push({
        stream: endpointStream(endpointId),
        events: decided(
          endpointDecider,
          [
            {
              type: 'create_endpoint',
              endpoint_id: endpointId,
              acting_merchant: undefined,
              now,
              merchant_id: merchant,
              secret: 'sealed',
              settings: {
                url: `https://hooks.example.com/${endpointId}`,
                description: '',
                filter_types: null,
                channels: null,
                disabled: false,
                rate_limit_per_s: null,
                metadata: {},
                headers: {},
                filter: null,
                ordering: 'unordered',
              },
            },
          ],
          { ...meta, merchant_id: merchant },
        ),
      });
    }
  }
  const body = parseDefinition(exampleDefinitions[0]);
  if (isLeft(body)) throw new Error('history: the example definition does not parse');
  writes.push({
    stream: definitionStream(body.right.id),
    events: decided(
      processDefinitionDecider,
      [
        { type: 'publish_version', body: body.right, now },
        { type: 'activate', version: 1, now },
      ],
      meta,
    ),
  });
  return writes;
};

const endpointOf = (merchant: number, index: number) => `we_bench${merchant}x${index}`;

/** The writes one published event leaves in the log. */
const traffic = (i: number, now: string, answer: string | undefined): Write[] => {
  const m = i % MERCHANTS;
  const merchant = `mer_bench_${m}`;
  const endpointId = endpointOf(m, i % ENDPOINTS_PER_MERCHANT);
  const eventId = `evt_bench_${i}`;
  const request = {
    ...emptyMetadata(),
    merchant_id: merchant,
    actor: 'key_bench',
    request_id: `req_${i}`,
  };
  const caused = {
    ...request,
    actor: 'sluice:planner',
    correlation_id: `req_${i}`,
    causation_id: eventId,
  };
  const writes: Write[] = [
    {
      stream: businessEventStream(eventId),
      events: decided(
        businessEventDecider,
        [
          {
            type: 'publish_event',
            event_type: 'order.created',
            event: {
              id: eventId,
              merchant_id: merchant,
              created_at: now,
              data: { order_id: `ord_${i}`, amount: 1999, currency: 'EUR' },
              channels: null,
            },
          },
        ],
        request,
      ),
    },
  ];
  const url = `https://hooks.example.com/${endpointId}`;
  const attempt = (ok: boolean, n: number) => ({
    type: 'record_attempt' as const,
    attempt_id: `atm_bench_${i}_${n}`,
    outcome: outcome(url, ok, answer),
    schedule_ms: [5000, 300_000],
    jitter: 0,
    retry_after_ms: null,
    now,
  });
  writes.push({
    stream: deliveryStream(eventId, endpointId),
    events: decided(
      deliveryDecider,
      [
        {
          type: 'plan_delivery',
          event_id: eventId,
          endpoint_id: endpointId,
          merchant_id: merchant,
          event_type: 'order.created',
          trigger: 'initial',
          replay_id: null,
          now,
        },
        ...(i % 5 === 0 ? [attempt(false, 0)] : []),
        attempt(true, 1),
      ],
      caused,
    ),
  });
  if (i % 20 === 0) {
    const instanceId = `pi_bench${i}`;
    writes.push({
      stream: instanceStream(instanceId),
      events: decided(
        instanceDecider,
        [
          {
            type: 'create_instance',
            instance_id: instanceId,
            merchant_id: merchant,
            definition: { id: 'order.summary', version: 1 },
            inputs: { order_id: `ord_${i}`, items: [{ sku: 'A', qty: 1, price: 10 }] },
            start_source: { kind: 'api' },
            replay_of: null,
            first_step: 'total',
            now,
          },
          {
            type: 'start_step',
            step_id: 'total',
            name: null,
            step_type: 'transform',
            visible: true,
            now,
          },
          { type: 'complete_step', step_id: 'total', output: { total: 10 }, next: null, now },
          { type: 'complete_instance', result: { output: { total: 10 } }, now },
        ],
        request,
      ),
    });
  }
  return writes;
};

/**
 * A history that grows in steps (a benchmark measures between them): each call appends at least
 * `events` more events, continuing the traffic where the last call stopped. With `answer`, the
 * receivers answer each successful attempt with a 200 and that body.
 */
export const historyWriter = (options: { answer?: string } = {}) => {
  const now = new Date().toISOString();
  let next = 0;
  return async (store: EventStore, events: number): Promise<number> => {
    let written = 0;
    let pending: Promise<unknown>[] = [];
    const write = (w: Write) => {
      written += w.events.length;
      pending.push(store.append(w.stream, w.events, 'any'));
    };
    if (next === 0) setup(now).forEach(write);
    while (written < events) {
      traffic(next++, now, options.answer).forEach(write);
      // Appends asked for in one turn commit together: a group at a time keeps memory flat.
      if (pending.length >= WRITES_PER_GROUP) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
    return written;
  };
};

/** Appends a history of at least `events` events; returns how many it wrote. */
export const writeHistory = (
  store: EventStore,
  events: number,
  options: { answer?: string } = {},
): Promise<number> => historyWriter(options)(store, events);
