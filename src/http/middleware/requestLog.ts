import type { RequestHandler } from 'express';
import type { Logger } from '../../logging/logger.js';
import type { HttpMetrics } from '../../metrics/metrics.js';

/**
 * One log line and one latency observation per request. The line names the route pattern, never
 * headers or bodies: keys and secrets travel in those.
 */
export const requestLog = (logger: Logger, metrics: HttpMetrics): RequestHandler => {
  // The line is made of the fields below and nothing a caller passed in, so the logger's
  // redaction of secret-looking paths (which costs more than writing the line) has nothing to
  // find in it.
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      metrics.observe(req.method, route, res.statusCode, seconds);
      const line = {
        request_id: req.requestId,
        method: req.method,
        route,
        status: res.statusCode,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        actor: req.principal?.key_id,
      };
      if (res.statusCode >= 500) lines.error(line, 'request failed');
      else lines.info(line, 'request');
    });
    next();
  };
};

/** The matched route pattern (bounded label values for metrics), or a fixed word when none matched. */
const routeOf = (req: Parameters<RequestHandler>[0]): string => {
  const route = (req.route as { path?: string } | undefined)?.path;
  return typeof route === 'string' ? `${req.baseUrl}${route}` : 'unmatched';
};
