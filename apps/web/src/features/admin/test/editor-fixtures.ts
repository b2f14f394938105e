import {
  API_ROUTES,
  EDITABLE_FILES,
  fileUrl,
  type PublishStatus,
  type Revision,
  type SectionWord,
} from '@cedar/api-contract';
import { EditorView } from '@uiw/react-codemirror';
import { act, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, type HttpResponseResolver } from 'msw';
import { expect } from 'vitest';
import { api } from './render-admin';

// The file editor's world in its tests: the hero section, two revisions, a published site.
export const HERO = EDITABLE_FILES[0];
export const HERO_URL = fileUrl(HERO.path);
export const SOURCE = "const copy = {\n  headline: 'Cedar Bluff Labradors',\n};\n";
export const WORDS: SectionWord[] = [
  { key: 'headline', value: 'Cedar Bluff Labradors' },
  {
    key: 'steps.0.text',
    value:
      'Fill out our questionnaire so we can learn about your family, your home and your days with a dog.',
  },
];
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
    elapsedMs: null,
    usualMs: null,
    lastPhasesMs: null,
    error: null,
    reason: null,
    codeOff: null,
    ...extra,
  };
}

export const saved = (id: string, sha256: string, savedAt: string, changed = true) =>
  Response.json({ sha256, revision: revision(id, sha256, savedAt), changed });

/** The server as the editor sees it: the hero file, its revisions and the publish state. */
export function serveEditor(
  overrides: {
    file?: HttpResponseResolver;
    words?: HttpResponseResolver;
    save?: HttpResponseResolver;
    saveWords?: HttpResponseResolver;
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
    http.get(
      API_ROUTES.readWords.path,
      overrides.words ?? (() => Response.json({ sha256: SHA_1, words: WORDS })),
    ),
    http.get(API_ROUTES.fileRevisions.path, () => Response.json(REVISIONS)),
    http.get(
      API_ROUTES.publishStatus.path,
      overrides.publish ?? (() => Response.json(publish('published'))),
    ),
  );
  if (overrides.save) api.use(http.put(API_ROUTES.saveFile.path, overrides.save));
  if (overrides.saveWords) api.use(http.put(API_ROUTES.saveWords.path, overrides.saveWords));
  if (overrides.restore) api.use(http.post(API_ROUTES.restoreRevision.path, overrides.restore));
}

export async function chooseFile(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'File to edit' }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

/** Opens the hero in Words mode, as the editor opens: the Headline field is there. */
export async function openHeroWords(user: ReturnType<typeof userEvent.setup>) {
  await chooseFile(user, HERO.name);
  const headline = await screen.findByRole('textbox', { name: 'Headline' });
  expect(headline).toHaveValue(WORDS[0]!.value);
  return headline;
}

/** The text of the code editor (CodeMirror: a content-editable element, not a text area). */
export function codeOf(editor: HTMLElement): string {
  return EditorView.findFromDOM(editor)!.state.doc.toString();
}

/** Replaces the code editor's text, as typing or pasting would. */
export function setCode(editor: HTMLElement, text: string) {
  const view = EditorView.findFromDOM(editor)!;
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  });
}

/** Opens the hero and switches to Code mode: the editor labelled with the path holds SOURCE. */
export async function openHero(user: ReturnType<typeof userEvent.setup>) {
  await openHeroWords(user);
  await user.click(screen.getByRole('radio', { name: 'Code' }));
  const editor = await screen.findByRole('textbox', { name: HERO.path });
  await waitFor(() => expect(codeOf(editor)).toBe(SOURCE));
  return editor;
}
