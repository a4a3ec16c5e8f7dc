import type { Step } from '../stepLanguage.js';

/** Changes the header values of every http step; header names and other steps stay as they are. */
export const mapHeaderValues = (
  steps: readonly Step[],
  change: (value: string, stepId: string, name: string) => string,
): Step[] =>
  steps.map((step) =>
    step.type === 'http' && step.headers
      ? {
          ...step,
          headers: Object.fromEntries(
            Object.entries(step.headers).map(([name, value]) => [
              name,
              change(value, step.id, name),
            ]),
          ),
        }
      : step,
  );
