// The sources the owner edits, and the fingerprint every build records of them (decision 006).
// The web build (apps/web/scripts/build.mjs, plain node) runs this package's compiled JavaScript
// (dist/, its build); the API server imports the same module, so the build and the server can
// never hash differently.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What the site is built from that the owner can change from the admin area, as paths from the
 * repository root: a file, or a folder (every file below it, dot files aside). Adding a source
 * (a data file, a folder of uploaded photos) is one entry here.
 */
export const FINGERPRINTED_SOURCES: readonly string[] = Object.freeze([
  'apps/web/src/sections/hero-section.tsx',
  'apps/web/src/sections/about-section.tsx',
  'apps/web/src/sections/puppies-section.tsx',
  'apps/web/src/sections/contact-section.tsx',
  'apps/web/src/sections/testimonials-section.tsx',
  'apps/web/src/sections/facilities-section.tsx',
  'apps/web/src/sections/health-testing-section.tsx',
  'packages/content/src/data/litters.json',
  'packages/content/public/images/litters/uploads',
]);

/** The build's record of its sources, in its client folder (a dot file: never served). */
export const BUILD_INFO_FILE = '.build-info.json';

/** The sources as one read found them. */
export interface SourceSnapshot {
  repoRoot: string;
  sources: readonly string[];
  stamp: string;
  /** sha256 of each file by path from the repository root; null when it is missing */
  files: Record<string, string | null>;
  fingerprint: string;
}

export interface BuildInfo {
  /** null when a source was written while the build ran */
  fingerprint: string | null;
  files: Record<string, string | null>;
  /** The kennel day (YYYY-MM-DD, New York) the pages' litter ages were worked out for; null if unknown */
  buildDay: string | null;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const gone = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * Every file of the sources, and a stamp of their metadata. Any write changes the stamp, even one
 * that puts the old content back: a save replaces the file (a new inode), an in-place write moves
 * its change time, and adding or removing a file in a folder moves the folder's.
 */
async function listSources(repoRoot: string, sources: readonly string[]) {
  const files: string[] = [];
  const stamps: string[] = [];
  const visit = async (rel: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.stat(path.join(repoRoot, rel), { bigint: true });
    } catch (error) {
      if (!gone(error)) throw error;
      stamps.push(`${rel} missing`);
      files.push(rel);
      return;
    }
    stamps.push(`${rel} ${stat.ino} ${stat.size} ${stat.mtimeNs} ${stat.ctimeNs}`);
    if (!stat.isDirectory()) {
      files.push(rel);
      return;
    }
    const names = (await fs.readdir(path.join(repoRoot, rel))).filter((n) => !n.startsWith('.'));
    for (const name of names.sort()) await visit(`${rel}/${name}`);
  };
  for (const source of sources) await visit(source);
  return { files, stamp: sha256(stamps.join('\n')) };
}

async function hashFile(file: string): Promise<string | null> {
  try {
    return sha256(await fs.readFile(file));
  } catch (error) {
    if (gone(error)) return null;
    throw error;
  }
}

/** One hash over every file's path and content hash (null: missing), in path order. */
const fingerprintOf = (files: Record<string, string | null>) =>
  sha256(
    Object.keys(files)
      .sort()
      .map((rel) => `${rel}\0${files[rel] ?? 'missing'}\n`)
      .join(''),
  );

/**
 * Reads the sources as they are now: each file's sha256, their fingerprint, and the stamp that
 * writeBuildInfo compares. A build calls it before it reads anything else.
 */
export async function readSources(
  repoRoot: string,
  sources: readonly string[] = FINGERPRINTED_SOURCES,
): Promise<SourceSnapshot> {
  const { files, stamp } = await listSources(repoRoot, sources);
  const hashes: Record<string, string | null> = {};
  for (const rel of files) hashes[rel] = await hashFile(path.join(repoRoot, rel));
  return { repoRoot, sources, stamp, files: hashes, fingerprint: fingerprintOf(hashes) };
}

/**
 * Records what a build was made from, as the build's last step: the fingerprint read before the
 * build began, or null when any source was written since (the build may hold a mix of old and
 * new, even if the content is back to what was read), so that such a build never passes for
 * current. The file appears whole or not at all. `buildDay` is the day the pages were rendered
 * for (their litter ages): a build of another day is not current either.
 */
export async function writeBuildInfo(
  clientDir: string,
  sources: SourceSnapshot,
  buildDay: string | null = null,
): Promise<BuildInfo> {
  const { stamp } = await listSources(sources.repoRoot, sources.sources);
  const info: BuildInfo = {
    fingerprint: stamp === sources.stamp ? sources.fingerprint : null,
    files: sources.files,
    buildDay,
  };
  const file = path.join(clientDir, BUILD_INFO_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(info, null, 2)}\n`);
  await fs.rename(temp, file);
  return info;
}

const isHash = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** A build's record of its sources, or null when it has none (an interrupted or older build). */
export async function readBuildInfo(clientDir: string): Promise<BuildInfo | null> {
  let info;
  try {
    info = JSON.parse(await fs.readFile(path.join(clientDir, BUILD_INFO_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (
    typeof info !== 'object' ||
    info === null ||
    !(info.fingerprint === null || isHash(info.fingerprint)) ||
    typeof info.files !== 'object' ||
    info.files === null ||
    !Object.values(info.files).every((h) => h === null || isHash(h))
  )
    return null;
  const buildDay =
    typeof info.buildDay === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(info.buildDay)
      ? info.buildDay
      : null;
  return { fingerprint: info.fingerprint, files: info.files, buildDay };
}
