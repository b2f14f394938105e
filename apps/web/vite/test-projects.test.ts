import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ADMIN_MOCKING_TESTS } from './test-projects';

const webDir = path.resolve(import.meta.dirname, '..');
const adminDir = path.join(webDir, 'src/features/admin');

it('runs every admin test file that mocks a module with modules of its own, and only those', () => {
  const adminTests = fs
    .readdirSync(adminDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.relative(webDir, path.join(adminDir, file)).split(path.sep).join('/'));
  const mocking = adminTests.filter((file) =>
    /\bvi\.mock\(/.test(fs.readFileSync(path.join(webDir, file), 'utf8')),
  );
  expect(mocking.length).toBeGreaterThan(0);
  expect([...ADMIN_MOCKING_TESTS].sort()).toEqual(mocking.sort());
});
