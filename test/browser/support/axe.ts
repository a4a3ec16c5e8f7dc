import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
};

/** The serious and critical accessibility violations of what the page shows, one per line. */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  // Evaluated over the DevTools protocol, which the page's CSP does not govern: the page itself
  // still loads nothing inline.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<Violation[]>(
    'axe.run(document).then((results) => results.violations)',
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact}: ${v.id} — ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map(
            (n) =>
              `    at ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\n\s*/g, ' ')}` : ''}`,
          )
          .join('\n'),
    );
};

/** Fails with a readable list when axe-core finds serious or critical violations on the page. */
export const expectAccessible = async (page: Page, what: string): Promise<void> => {
  const found = await seriousViolations(page);
  if (found.length > 0)
    throw new Error(
      `${what} has ${found.length} serious accessibility violation(s):\n${found.join('\n')}`,
    );
};
