const r = (name: string) => ({ $ref: `#/components/responses/${name}` });

type Operation = { responses: Record<string, unknown> };
type Paths = Record<string, Record<string, Operation>>;

/** Node's HTTP parser refuses a request line or headers over its limit, before any route runs. */
const anyRequest = { '431': r('HeadersTooLarge') };

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
            responses: { ...anyRequest, ...op.responses },
          },
        ]),
      ),
    ]),
  ) as unknown as P;
