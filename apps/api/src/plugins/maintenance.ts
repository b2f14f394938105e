import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DailyRepublish } from '../ops/daily-republish';
import { Maintenance } from '../ops/maintenance';

/**
 * The server's hourly chores (ops/maintenance.ts), and the nightly rebuild that moves the litter
 * ages on (ops/daily-republish.ts), started once the app is ready.
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const maintenance = new Maintenance(app, app.log);
    const daily = new DailyRepublish(app.clock, () => {
      app.log.info('publishing: a new day at the kennel, rebuilding the litter ages');
      app.publisher.request();
    });
    app.addHook('onReady', async () => {
      maintenance.start();
      daily.start();
    });
    app.addHook('onClose', async () => {
      daily.stop();
      await maintenance.stop();
    });
  },
  { name: 'maintenance', dependencies: ['config', 'store', 'auth', 'files', 'publisher'] },
);
