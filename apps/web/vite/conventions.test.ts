import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's conventions are lint rules; this proves they fire on a deliberate violation,
// wherever eslint runs from (a zone written relative to one folder silently matched nothing).

const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function lint(cwd: string, file: string, code: string) {
  const eslint = new ESLint({
    cwd,
    // The fixture is not a file on disk, so the type-aware rules cannot see it; the zones need none.
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('one-way imports', { timeout: 60_000 }, () => {
  for (const cwd of [repoRoot, path.join(repoRoot, 'apps/web')]) {
    const from = path.relative(repoRoot, cwd) || 'the repository root';
    it(`refuses a feature importing another feature (eslint run from ${from})`, async () => {
      const messages = await lint(
        cwd,
        'apps/web/src/features/halloween/fixture.ts',
        "import { PuppiesPage } from '../puppies/puppies-page';\nexport const page = PuppiesPage;\n",
      );
      expect(messages).toEqual([
        'import-x/no-restricted-paths: Unexpected path "../puppies/puppies-page" imported in restricted zone.',
      ]);
    });
  }

  it('refuses shared code importing a feature, and lets a feature use shared code', async () => {
    expect(
      await lint(
        repoRoot,
        'apps/web/src/components/fixture.ts',
        "import { HomePage } from '../features/home/home-page';\nexport const page = HomePage;\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../features/home/home-page" imported in restricted zone.',
    ]);
    expect(
      await lint(
        repoRoot,
        'apps/web/src/features/home/fixture.ts',
        "import { SiteImage } from '../../components/site-image';\nexport const image = SiteImage;\n",
      ),
    ).toEqual([]);
  });
});
