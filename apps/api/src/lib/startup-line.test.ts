import { describe, expect, it } from 'vitest';
import { startupLine } from './startup-line';

const env = {
  HOST: '127.0.0.1',
  PUBLIC_URL: 'https://www.cedarblufflabradors.com',
  DEMO_LOGIN: false,
  MONGODB_URI: undefined,
  DATA_DIR: '/var/lib/cedar-bluff',
  HUBSPOT_FORM_IDS: [],
};

describe('the start-up line', () => {
  it('says where Code mode is off and why', () => {
    const why =
      'Code mode is off on this server: bubblewrap cannot run here (bwrap cannot be started (ENOENT)), and edited code is built only inside it. Words, litters and photos still publish.';
    const line = startupLine(env, {
      port: 3000,
      store: 'embedded',
      sandbox: 'node-permissions',
      codeOff: why,
    });
    expect(line).toContain(`edits rebuilt in a node-permissions sandbox · ${why} · `);
  });

  it('says nothing of Code mode where it is on', () => {
    const line = startupLine(env, { port: 3000, store: 'embedded', sandbox: 'bubblewrap' });
    expect(line).toMatch(/edits rebuilt in a bubblewrap sandbox · HubSpot/);
    expect(line).not.toContain('Code mode');
  });
});
