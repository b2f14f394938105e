import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, pageMeta, site } from './index';

describe('site config', () => {
  it('has a New York address and two different phone numbers', () => {
    expect(site.address.state).toBe('NY');
    expect(site.phones.main).not.toBe(site.phones.training);
  });
});

describe('page meta', () => {
  it('covers every public route once', () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(
      [
        '/',
        '/puppies',
        '/puppy-application',
        '/breeding-dogs',
        '/health-testing',
        '/training',
        '/boarding',
        '/facilities',
        '/raw-dog-food',
        '/halloween-contest',
        '/contact',
      ].sort(),
    );
    expect(new Set(pageMeta.map((m) => m.title)).size).toBe(pageMeta.length);
  });
});
