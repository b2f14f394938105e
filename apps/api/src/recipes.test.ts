// CONTRIBUTING.md's recipe for an API route: its contract entry (API_ROUTES and its schemas) and
// its handler in an area's routes file. The app answers every entry of the contract, and every
// route it answers under /api has one: neither step can be left out.
import { API_ROUTES } from '@cedar/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './test/build';
import { WEBHOOK_SECRET } from './test/deposits';
import { STRIPE_TEST_KEY } from './test/stripe-stand-in';

let t: TestApp;
beforeAll(async () => {
  // With every optional route on (HubSpot's and Stripe's webhooks exist only with their secrets).
  t = await build({
    env: {
      HUBSPOT_CLIENT_SECRET: 'recipe-check-secret',
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** Each method and full path the app answers, from Fastify's printed route tree. */
function answered(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const at = /^([│ ├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!at) continue;
    const depth = at[1]!.length / 4;
    stack.length = depth;
    stack.push(at[2]!);
    for (const method of at[3]!.split(', '))
      if (method !== 'HEAD') found.push(`${method} ${stack.join('')}`);
  }
  return found;
}

describe("CONTRIBUTING.md's recipe for an API route", () => {
  const contract = Object.values(API_ROUTES).map(({ method, path }) => `${method} ${path}`);

  it('has a handler for every entry of the contract', () => {
    const missing = Object.entries(API_ROUTES).filter(
      ([, { method, path }]) => !t.app.hasRoute({ method, url: path }),
    );
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  it('has a contract entry for every route the app answers under /api', () => {
    const routes = answered(t.app.printRoutes({ commonPrefix: false })).filter(
      // Not the catch-alls that answer any other address under /api with a JSON 404.
      (route) => !/ \/api\*?$/.test(route),
    );
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !contract.includes(route))).toEqual([]);
  });
});
