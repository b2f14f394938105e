import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../auth/sessions';
import type { Env } from '../env';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed environment (env.ts): the one place configuration comes from. */
    env: Env;
    /** The time: the real clock, or a test's. */
    clock: Clock;
  }
}

/** The configuration and the clock every other plugin reads. */
export const configPlugin = fp(
  async (app: FastifyInstance, { env, clock }: { env: Env; clock: Clock }) => {
    app.decorate('env', env);
    app.decorate('clock', clock);
  },
  { name: 'config' },
);
