import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type HttpMetrics = {
  observe: (method: string, route: string, status: number, seconds: number) => void;
};

export type DeliveryMetrics = {
  /** One finished attempt: its outcome (succeeded or the error code) and how long it took. */
  attempt: (outcome: string, seconds: number) => void;
  /** A delivery came to its end: succeeded, failed (its tries ran out) or abandoned. */
  ended: (outcome: 'succeeded' | 'failed' | 'abandoned') => void;
};

export type Metrics = {
  registry: Registry;
  http: HttpMetrics;
  delivery: DeliveryMetrics;
};

/** One registry per running service, so that tests starting several services do not collide. */
export const createMetrics = (): Metrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sluice_' });
  const httpDuration = new Histogram({
    name: 'sluice_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'sluice_delivery_attempts_total',
    help: 'Webhook delivery attempts by outcome: succeeded, or the error code',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const attemptDuration = new Histogram({
    name: 'sluice_delivery_attempt_duration_seconds',
    help: 'Webhook delivery attempt latency, from sending to the end of the answer',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'sluice_deliveries_total',
    help: 'Deliveries that came to an end, by outcome: succeeded, failed (tries ran out), abandoned',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    delivery: {
      ended: (outcome) => deliveries.labels(outcome).inc(),
      attempt: (outcome, seconds) => {
        attempts.labels(outcome).inc();
        attemptDuration.labels(outcome).observe(seconds);
      },
    },
    http: {
      observe: (method, route, status, seconds) =>
        httpDuration.labels(method, route, String(status)).observe(seconds),
    },
  };
};
