import type { Step } from '../stepLanguage.js';

/**
 * Changes the header values of every http step, those in a parallel's branches and a map's steps
 * too; header names and other steps stay as they are.
 */
export const mapHeaderValues = (
  steps: readonly Step[],
  change: (value: string, stepId: string, name: string) => string,
): Step[] =>
  steps.map((step): Step => {
    switch (step.type) {
      case 'http':
        return step.headers
          ? {
              ...step,
              headers: Object.fromEntries(
                Object.entries(step.headers).map(([name, value]) => [
                  name,
                  change(value, step.id, name),
                ]),
              ),
            }
          : step;
      case 'parallel':
        return {
          ...step,
          branches: step.branches.map((branch) => ({
            steps: mapHeaderValues(branch.steps, change),
          })),
        };
      case 'map':
        return { ...step, steps: mapHeaderValues(step.steps, change) };
      default:
        return step;
    }
  });
