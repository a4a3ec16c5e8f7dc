import type { SubscriptionTrouble } from '../eventstore/port.js';

type OnTrouble = ((trouble: SubscriptionTrouble | undefined) => void) | undefined;

/**
 * One worker's trouble told as one, from several loops of its own (reading the log, renewing its
 * leases): it is in trouble while any of them is, and recovered once all are.
 */
export const troubleSources = (onTrouble: OnTrouble) => {
  const current = new Map<string, SubscriptionTrouble>();
  const tell = () => {
    let worst: SubscriptionTrouble | undefined;
    for (const trouble of current.values())
      if (!worst || trouble.failures > worst.failures) worst = trouble;
    onTrouble?.(worst);
  };
  return (source: string) => {
    let failures = 0;
    return {
      /** Told by a subscription's own count. */
      report: (trouble: SubscriptionTrouble | undefined) => {
        if (trouble) current.set(source, trouble);
        else if (!current.delete(source)) return;
        tell();
      },
      /** Counted here: a loop that only knows it failed or succeeded. */
      failed: (error: unknown) => {
        failures++;
        current.set(source, {
          error: error instanceof Error ? error : new Error(String(error)),
          failures,
        });
        tell();
      },
      succeeded: () => {
        failures = 0;
        if (current.delete(source)) tell();
      },
    };
  };
};
