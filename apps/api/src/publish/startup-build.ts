import fs from 'node:fs/promises';
import path from 'node:path';
import { BUILD_INFO_FILE, type BuildInfo, readBuildInfo, readSources } from '@cedar/build-info';
import { PUBLIC_ROUTES } from '@cedar/content';
import { WEB_APP } from '../web-app';
import { type KnownFiles, loadWebBuild, STARTUP_BUILD_ID, type WebBuild } from './adopt';

export interface StartupBuild {
  build: WebBuild;
  /** The build was made from the sources on disk as they are now. */
  current: boolean;
  /** Why this build, when it is not simply the newest one and current (for the publish status). */
  reason: string | null;
}

interface Candidate {
  id: string;
  root: string;
  info: BuildInfo | null;
  /**
   * When the build landed on disk: the change time of its record (written last), else of its
   * home page. Not the modification time, which turbo's cache restores: a WEB_DIST brought back
   * by `npm start` after a checkout of older code counts from then, not from when it was made.
   */
  landed: number;
  /** Tie-break for builds that landed within one tick of the file system's clock */
  modified: number;
}

async function candidate(root: string, id: string): Promise<Candidate | null> {
  const info = await readBuildInfo(root);
  try {
    const stat = await fs.stat(path.join(root, info ? BUILD_INFO_FILE : 'index.html'));
    return { id, root, info, landed: stat.ctimeMs, modified: stat.mtimeMs };
  } catch {
    return null;
  }
}

/** The kept publish builds; a folder being removed has been renamed to a dot name first. */
async function publishedBuilds(buildsDir: string): Promise<(Candidate | null)[]> {
  const entries = await fs.readdir(buildsDir, { withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((e) => e.isDirectory() && /^[\w-]+$/.test(e.name))
      .map((e) => candidate(path.join(buildsDir, e.name, WEB_APP.client), e.name)),
  );
}

const label = (c: Candidate) =>
  c.id === STARTUP_BUILD_ID ? 'the build in WEB_DIST' : `build ${c.id}`;

/** How a build differs from the sources on disk, in words. */
function difference(c: Candidate, disk: Record<string, string | null>): string {
  if (!c.info) return `${label(c)} has no record of its sources`;
  const files = c.info.files;
  const changed = [...new Set([...Object.keys(files), ...Object.keys(disk)])]
    .filter((f) => (files[f] ?? null) !== (disk[f] ?? null))
    .map((f) => path.basename(f));
  if (changed.length === 0) return `a file was saved while ${label(c)} was being made`;
  const named =
    changed.length > 3
      ? `${changed.slice(0, 3).join(', ')} and ${changed.length - 3} more`
      : changed.join(', ');
  return `${named} changed since ${label(c)}`;
}

/** Holds a build's pages to the page gate (page-gate.ts); throws when one fails. */
export type BuildGate = (build: WebBuild) => Promise<void>;

async function tryLoad(
  c: Candidate,
  known: KnownFiles,
  gate: BuildGate | undefined,
  refusals: string[],
): Promise<WebBuild | null> {
  let build: WebBuild;
  try {
    // Only WEB_DIST, the build `npm start` made, comes precompressed; a kept publish build's copies
    // may be planted ones: they are made again.
    build = await loadWebBuild(c.root, c.id, PUBLIC_ROUTES, known, c.id === STARTUP_BUILD_ID);
  } catch {
    return null;
  }
  try {
    // A restart serves no page the gate would not publish (a kept build, a restored backup's).
    await gate?.(build);
    return build;
  } catch (error) {
    refusals.push(`${label(c)}: ${(error as Error).message}`);
    return null;
  }
}

/**
 * The build to serve at start-up (decision 006): of WEB_DIST and the kept publish builds, the
 * newest one made from the sources on disk; when none was, the newest finished build, which the
 * caller then replaces by publishing at once. Undefined without WEB_DIST (development) or when
 * there is no build at all.
 */
export async function startupBuild(
  webDist: string | undefined,
  buildsDir: string,
  repoRoot: string,
  /** Today in the kennel's time zone: a build rendered for another day has yesterday's ages. */
  today?: string,
  /** The bodies the server holds already (the start-up shell's), asked for once a build is loaded. */
  known: () => Promise<KnownFiles> = async () => new Map(),
  /** The page gate every build served must pass (issue 35). */
  gate?: BuildGate,
): Promise<StartupBuild | undefined> {
  const refusals: string[] = [];
  if (webDist === undefined) return undefined;
  // WEB_DIST may be gone: `npm run build` empties it first, and may have been stopped there.
  const candidates = (
    await Promise.all([candidate(webDist, STARTUP_BUILD_ID), ...(await publishedBuilds(buildsDir))])
  )
    .filter((c): c is Candidate => c !== null)
    .sort((a, b) => b.landed - a.landed || b.modified - a.modified);
  if (candidates.length === 0) return undefined;
  const disk = await readSources(repoRoot);
  const bodies = await known();
  // The build that would be served, were it current: the newest finished one.
  const newest = candidates.find((c) => c.info);

  for (const c of candidates.filter((c) => c.info?.fingerprint === disk.fingerprint)) {
    const build = await tryLoad(c, bodies, gate, refusals);
    if (!build) continue;
    const builtFor = c.info?.buildDay;
    if (today && builtFor && builtFor !== today)
      return {
        build,
        current: false,
        reason: `The pages were built from the saved files on ${builtFor} and today is ${today} (the litters' ages and badges change with the day)`,
      };
    const reason =
      c === newest
        ? null
        : `The newest build is not made from the saved files (${difference(newest!, disk.files)}): serving ${label(c)}, the newest one that is.`;
    return { build, current: true, reason };
  }
  // Finished builds first: an interrupted `npm run build` leaves WEB_DIST newer but incomplete.
  for (const c of [...candidates.filter((c) => c.info), ...candidates.filter((c) => !c.info)]) {
    const build = await tryLoad(c, bodies, gate, refusals);
    if (build)
      return {
        build,
        current: false,
        reason: `No build is made from the saved files (${difference(c, disk.files)})`,
      };
  }
  throw new Error(
    refusals.length > 0
      ? `No web build passes the page gate (${refusals.join('; ')}): restore the section named from its history (or a backup) and start again.`
      : `No complete web build in ${webDist} or ${buildsDir}: build the site (npm start does) and start again.`,
  );
}
