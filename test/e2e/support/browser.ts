import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { Browser, Page, chromium } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; CHROMIUM_PATH names another. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/**
 * The system's Chromium, driven by playwright-core (which downloads no browser of its own). No
 * browser is a failure, never a skip: the browser tests are part of the suite (README: `apt-get
 * install chromium`), as the distributed run fails without NATS.
 */
export function chromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : CANDIDATES;
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(`No Chromium found (looked at ${candidates.join(', ')}). Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  // --no-sandbox: CI and the project's machines run the tests as root, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core run inside the page (injected through the debugging protocol, so the page's CSP, which
 * forbids inline script, does not stand in its way): the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<{ id: string; help: string; targets: string[][] }[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target) }));
}
