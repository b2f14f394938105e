import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadEnv } from './env';

describe('health', () => {
  it('answers ok', async () => {
    const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }) });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', store: 'embedded' });
    await app.close();
  });
});

describe('env', () => {
  it('names every bad variable', () => {
    expect(() => loadEnv({ PORT: 'abc', NODE_ENV: 'staging' })).toThrow(/PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/);
  });
  it('turns demo login on by default and off in production', () => {
    expect(loadEnv({}).DEMO_LOGIN).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production' }).DEMO_LOGIN).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', DEMO_LOGIN: 'true' }).DEMO_LOGIN).toBe(true);
  });
});
