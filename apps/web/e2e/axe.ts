import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

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

/** Fails the test with axe's serious and critical findings on the page as it stands. */
export async function expectAccessible(page: Page, what: string) {
  const { blocking } = await axeFindings(page);
  expect(blocking, `${what}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts/screenshots',
);

/**
 * A full-page screenshot at a desktop's width (1280) and a phone's (375), `<name>-1280.png` and
 * `<name>-375.png`, each checked with axe; the page is left at the width it had.
 */
export async function lookAtBothWidths(page: Page, name: string) {
  const before = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // From the top: a full-page screenshot draws the fixed header where the window scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  if (before) await page.setViewportSize(before);
}
