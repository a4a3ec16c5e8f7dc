const r = (name: string) => ({ $ref: `#/components/responses/${name}` });

type Operation = { security?: unknown[]; responses: Record<string, unknown> };
type Paths = Record<string, Record<string, Operation>>;

/** Node's HTTP parser refuses a request line or headers over its limit, before any route runs. */
const anyRequest = { '431': r('HeadersTooLarge') };

/**
 * Behind authentication, a body is read (and may be refused) before the route runs, whether or
 * not the route takes one.
 */
const anyBody = {
  '400': r('BadRequest'),
  '413': r('PayloadTooLarge'),
  '415': r('UnsupportedMediaType'),
};

const isOpen = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;

/** Adds to every operation the answers any request can get, keeping an operation's own. */
export const withSharedAnswers = <P extends Paths>(paths: P): P =>
  Object.fromEntries(
    Object.entries(paths).map(([template, item]) => [
      template,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => [
          method,
          {
            ...op,
            responses: { ...anyRequest, ...(isOpen(op) ? {} : anyBody), ...op.responses },
          },
        ]),
      ),
    ]),
  ) as unknown as P;
