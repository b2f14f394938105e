import {
  API_ROUTES,
  EDITABLE_FILES,
  fileUrl,
  type PublishStatus,
  type Revision,
} from '@cedar/api-contract';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, type HttpResponseResolver } from 'msw';
import { expect } from 'vitest';
import { api } from './render-admin';

// The file editor's world in its tests: the hero section, two revisions, a published site.
export const HERO = EDITABLE_FILES[0];
export const HERO_URL = fileUrl(HERO.path);
export const SOURCE = "export const hero = {\n  headline: 'Cedar Bluff Labradors',\n};\n";
export const SHA_1 = 'a'.repeat(64);
export const SHA_2 = 'b'.repeat(64);
export const SHA_0 = 'c'.repeat(64);

function revision(id: string, sha256: string, savedAt: string, savedBy = 'owner'): Revision {
  return { id, path: HERO.path, sha256, savedAt, savedBy, size: 100 };
}
const REVISIONS = [
  revision('r1', SHA_1, '2026-05-10T09:00:00.000Z'),
  revision('r0', SHA_0, '2026-05-01T08:00:00.000Z', 'setup'),
];

export function publish(
  state: PublishStatus['state'],
  extra: Partial<PublishStatus> = {},
): PublishStatus {
  return {
    state,
    sandbox: 'bubblewrap',
    buildId: 'b1',
    startedAt: '2026-05-10T08:00:00.000Z',
    finishedAt: '2026-05-10T08:01:00.000Z',
    error: null,
    reason: null,
    ...extra,
  };
}

export const saved = (id: string, sha256: string, savedAt: string) =>
  Response.json({ sha256, revision: revision(id, sha256, savedAt) });

/** The server as the editor sees it: the hero file, its revisions and the publish state. */
export function serveEditor(
  overrides: {
    file?: HttpResponseResolver;
    save?: HttpResponseResolver;
    restore?: HttpResponseResolver;
    publish?: HttpResponseResolver;
  } = {},
) {
  api.use(
    http.get(
      API_ROUTES.readFile.path,
      overrides.file ??
        (() =>
          new Response(SOURCE, {
            headers: { 'Content-Type': 'text/plain', ETag: `"${SHA_1}"` },
          })),
    ),
    http.get(API_ROUTES.fileRevisions.path, () => Response.json(REVISIONS)),
    http.get(
      API_ROUTES.publishStatus.path,
      overrides.publish ?? (() => Response.json(publish('published'))),
    ),
  );
  if (overrides.save) api.use(http.put(API_ROUTES.saveFile.path, overrides.save));
  if (overrides.restore) api.use(http.post(API_ROUTES.restoreRevision.path, overrides.restore));
}

export async function chooseFile(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'File to edit' }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

export async function openHero(user: ReturnType<typeof userEvent.setup>) {
  await chooseFile(user, HERO.name);
  const editor = await screen.findByRole('textbox', { name: HERO.path });
  await waitFor(() => expect(editor).toHaveValue(SOURCE));
  return editor;
}
