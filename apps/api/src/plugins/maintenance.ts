import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Maintenance } from '../ops/maintenance';

/** The server's hourly chores (ops/maintenance.ts), started once the app is ready. */
export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const maintenance = new Maintenance(app, app.log);
    app.addHook('onReady', async () => maintenance.start());
    app.addHook('onClose', () => maintenance.stop());
  },
  { name: 'maintenance', dependencies: ['config', 'store', 'auth', 'files'] },
);
