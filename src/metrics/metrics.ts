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

export type FilterMetrics = {
  /**
   * An endpoint's filter failed as an event was planned (the event was not sent to it), by the
   * expression error's code. Never by merchant or endpoint: their number has no bound.
   */
  failed: (code: string) => void;
};

export type Metrics = {
  registry: Registry;
  http: HttpMetrics;
  delivery: DeliveryMetrics;
  filters: FilterMetrics;
};

/**
 * A metric's child for each set of label values, made once: prom-client builds and checks the
 * labels on every `labels()` call, and an attempt is counted on every webhook sent.
 */
const children = <Child>(make: (...values: string[]) => Child) => {
  const made = new Map<string, Child>();
  return (...values: string[]): Child => {
    const key = values.join('\u0000');
    let child = made.get(key);
    if (!child) {
      child = make(...values);
      made.set(key, child);
    }
    return child;
  };
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
  const filterErrors = new Counter({
    name: 'sluice_webhook_filter_errors_total',
    help: 'Endpoint filters that failed to evaluate on an event (counted as not matching), by error code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const attemptsBy = children((outcome) => attempts.labels(outcome));
  const attemptDurationBy = children((outcome) => attemptDuration.labels(outcome));
  const deliveriesBy = children((outcome) => deliveries.labels(outcome));
  const httpDurationBy = children((method, route, status) =>
    httpDuration.labels(method, route, status),
  );
  return {
    registry,
    delivery: {
      ended: (outcome) => deliveriesBy(outcome).inc(),
      attempt: (outcome, seconds) => {
        attemptsBy(outcome).inc();
        attemptDurationBy(outcome).observe(seconds);
      },
    },
    http: {
      observe: (method, route, status, seconds) =>
        httpDurationBy(method, route, String(status)).observe(seconds),
    },
    filters: { failed: (code) => filterErrors.labels(code).inc() },
  };
};
