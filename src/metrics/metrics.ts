import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type HttpMetrics = {
  observe: (method: string, route: string, status: number, seconds: number) => void;
};

export type Metrics = {
  registry: Registry;
  http: HttpMetrics;
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
  return {
    registry,
    http: {
      observe: (method, route, status, seconds) =>
        httpDuration.labels(method, route, String(status)).observe(seconds),
    },
  };
};
