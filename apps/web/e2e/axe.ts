import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; html: string; why: string | undefined }>;
}

/**
 * Runs axe-core on the page as it stands: `blocking` holds the serious and critical violations
 * (what the tests refuse), `other` the rest.
 */
export async function axeFindings(
  page: Page,
): Promise<{ blocking: AxeFinding[]; other: AxeFinding[] }> {
  // From our own origin: the site's CSP refuses inline scripts, injected ones included.
  await page.route('**/__e2e/axe.min.js', (r) =>
    r.fulfill({ path: AXE_SCRIPT, contentType: 'application/javascript' }),
  );
  await page.addScriptTag({ url: '/__e2e/axe.min.js' });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 200),
        why: n.failureSummary,
      })),
    }));
  });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { blocking, other: violations.filter((v) => !blocking.includes(v)) };
}
