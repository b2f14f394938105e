// `npm run seed [-- --force]`: adds the demo inquiries to the store (only to an empty one unless
// --force). The server does the same at start-up while demo login is on.
import { loadEnv } from '../env';
import { seedDemoInquiries } from '../inquiries/demo-inquiries';
import { openStore } from '../store';
import { runCommand } from './prompt';

async function main(argv: string[]): Promise<string> {
  const force = argv.includes('--force');
  const env = loadEnv();
  const store = await openStore(env);
  try {
    const existing = await store.inquiries.count();
    if (existing > 0 && !force) {
      return `The store already holds ${existing} inquir${existing === 1 ? 'y' : 'ies'}; run with --force to add the demo ones anyway.`;
    }
    const added = await seedDemoInquiries(store, new Date());
    return `Added ${added} demo inquiries to the ${store.kind} store${store.kind === 'embedded' ? ` in ${env.DATA_DIR}` : ''}.`;
  } finally {
    await store.close();
  }
}

runCommand(main);
