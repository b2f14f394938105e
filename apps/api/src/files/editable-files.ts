import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CODE_MODE_OFF,
  MAX_FILE_BYTES,
  editableFilePathSchema,
  revisionPathSchema,
  type EditableFilePath,
  type RevisionPath,
  type Revision,
  type SaveFileResponse,
} from '@cedar/api-contract';
import { build } from 'esbuild';
import type { Clock } from '../auth/sessions';
import { tempFilesOf, writeFileAtomic } from '../lib/atomic-write';
import { HttpError } from '../lib/http-errors';
import type { Store } from '../store';
import { type RevisionRetention, revisionsToPrune } from './revision-retention';
import { checkSection } from './section-check';
import { readWords, rewriteWords } from './section-words';

/** Is `other` the file `source` with other words in its copy object, and nothing else changed? */
function sameCodeOtherWords(source: string, other: string): boolean {
  const rewritten = rewriteWords(
    source,
    readWords(other).map(({ key, value }) => ({ key, value })),
  );
  return rewritten.ok && rewritten.source === other;
}

export const sha256 = (content: string) =>
  createHash('sha256').update(content, 'utf8').digest('hex');

/** The revision recorded for a file's content as it was before its first save. */
const ORIGINAL_AUTHOR = 'original';

interface SyntaxProblem {
  message: string;
  /** 1-based */
  line: number;
  /** 1-based, in characters */
  column: number;
}

export type SourceCheck = { ok: true; exports: string[] } | { ok: false; error: SyntaxProblem };

/** Parses the source as TSX: its first syntax error, or the names it exports. */
export async function inspectSource(source: string, file: string): Promise<SourceCheck> {
  try {
    const result = await build({
      stdin: { contents: source, loader: 'tsx', sourcefile: file },
      write: false,
      bundle: false,
      metafile: true,
      format: 'esm',
      jsx: 'automatic',
      logLevel: 'silent',
    });
    return { ok: true, exports: Object.values(result.metafile.outputs).flatMap((o) => o.exports) };
  } catch (error) {
    const first = (
      error as {
        errors?: {
          text: string;
          location: { line: number; column: number; lineText: string } | null;
        }[];
      }
    ).errors?.[0];
    if (!first) throw error;
    const line = first.location?.line ?? 1;
    // esbuild counts columns in UTF-8 bytes from 0; editors count characters from 1.
    const column = first.location
      ? Buffer.from(first.location.lineText, 'utf8')
          .subarray(0, first.location.column)
          .toString('utf8').length + 1
      : 1;
    return {
      ok: false,
      error: {
        message: `Syntax error at line ${line}, column ${column}: ${first.text}`,
        line,
        column,
      },
    };
  }
}

/** Why section code may not be written: the status and error code a save answers with. */
export interface CodeRefusal {
  status: 413 | 422;
  code: 'payload_too_large' | 'syntax_error' | 'forbidden_code' | 'missing_export';
  message: string;
  line?: number;
  column?: number;
}

/**
 * Why a section file's new content may not be written, or null: too large, a syntax error, code
 * outside what a section may contain, or an export the pages import gone missing (compared with
 * `current`, the file as it is). Every way a section file is written asks this same question: a
 * code save, a words save and a restored backup.
 */
export async function sectionCodeProblem(
  file: EditableFilePath,
  content: string,
  current: string | null,
): Promise<CodeRefusal | null> {
  const size = Buffer.byteLength(content, 'utf8');
  if (size > MAX_FILE_BYTES)
    return {
      status: 413,
      code: 'payload_too_large',
      message: `The file would be ${size.toLocaleString('en-US')} bytes; a section file may be at most ${MAX_FILE_BYTES.toLocaleString('en-US')}.`,
    };
  const check = await inspectSource(content, file);
  if (!check.ok) return { status: 422, code: 'syntax_error', ...check.error };
  // The rebuild runs this code on the server: it may use the page's building blocks only.
  const forbidden = checkSection(file, content);
  if (forbidden)
    return {
      status: 422,
      code: 'forbidden_code',
      message: forbidden.message,
      line: forbidden.line,
      column: forbidden.column,
    };
  if (current !== null) {
    // The pages import these names; a file without them would fail the build (or, under Vite's
    // hot reload, the page at once).
    const before = await inspectSource(current, file);
    const lost = before.ok ? before.exports.filter((name) => !check.exports.includes(name)) : [];
    if (lost.length > 0)
      return {
        status: 422,
        code: 'missing_export',
        message: `The file must still export ${lost.join(', ')}: the site uses ${lost.length > 1 ? 'them' : 'it'}.`,
      };
  }
  return null;
}

/** Refuses section code the rebuild could not build or must not run (413 or 422, with the line). */
async function checkCode(file: EditableFilePath, content: string, current: string | null) {
  const problem = await sectionCodeProblem(file, content, current);
  if (problem) {
    const { status, code, message, ...where } = problem;
    throw new HttpError(status, code, message, where);
  }
}

/** Does an If-Match header accept the current sha256? (`*` accepts any existing file.) */
export function ifMatchAccepts(header: string, current: string | null): boolean {
  if (current === null) return false;
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') === current);
}

/** A write based on another version of the file than the one on disk. */
export function conflict(current: string | null): HttpError {
  return new HttpError(
    409,
    'conflict',
    'The file was changed since you opened it. Reload it, then save again.',
    { details: { sha256: current } },
  );
}

/**
 * The seven section files and the litters' data file, read and written below the repository
 * root. Callers pass paths that passed revisionPathSchema; nothing else ever reaches the disk.
 * Section files are code, checked before they are written; the litters file is data, checked by
 * its own routes against the content package's schema.
 */
export class EditableFiles {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Settles when the last whileNoSave is done: saves asked for meanwhile wait for it. */
  private pause: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repoRoot: string,
    private readonly store: Store,
    private readonly clock: Clock,
    /** How many revisions, and how old, each file keeps (REVISIONS_KEEP, REVISIONS_MAX_AGE). */
    private readonly retention: RevisionRetention,
  ) {}

  private absolute(file: RevisionPath) {
    return path.join(this.repoRoot, file);
  }

  /** The file's text, or null when it is missing or not a regular file (a symlink is refused). */
  async read(file: RevisionPath): Promise<{ content: string; sha256: string; mtime: Date } | null> {
    const full = this.absolute(file);
    try {
      const stat = await fs.lstat(full);
      if (!stat.isFile()) return null;
      const content = await fs.readFile(full, 'utf8');
      return { content, sha256: sha256(content), mtime: stat.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  save(
    file: RevisionPath,
    content: string,
    by: string,
    ifMatch?: string,
  ): Promise<SaveFileResponse> {
    // One save at a time per file, so the If-Match check and the write cannot interleave.
    const previous = this.queues.get(file) ?? Promise.resolve();
    const pause = this.pause;
    const next = previous
      .catch(() => undefined)
      .then(() => pause)
      .then(() => this.saveNow(file, content, by, ifMatch));
    this.queues.set(file, next);
    void next
      .finally(() => {
        if (this.queues.get(file) === next) this.queues.delete(file);
      })
      .catch(() => undefined);
    return next;
  }

  /**
   * Runs `read` once every save under way has finished, holding back saves asked for meanwhile
   * until it is done: a backup then sees each file with the revisions recorded for it.
   */
  whileNoSave<T>(read: () => Promise<T>): Promise<T> {
    const underWay = Promise.all([...this.queues.values()].map((q) => q.catch(() => undefined)));
    const result = Promise.all([this.pause, underWay]).then(read);
    this.pause = result.catch(() => undefined);
    return result;
  }

  /**
   * Saves an earlier revision again. With `codeOff` (Code mode is off on this server), only a
   * revision of a section that differs from the file on disk in its words alone is restored.
   */
  async restore(
    file: RevisionPath,
    id: string,
    by: string,
    { codeOff }: { codeOff?: string | null } = {},
  ): Promise<SaveFileResponse> {
    const revision = await this.store.revisions.get(file, id);
    if (!revision) throw new HttpError(404, 'not_found', 'No such revision of this file');
    if (codeOff && editableFilePathSchema.safeParse(file).success) {
      const current = await this.read(file);
      if (!current || !sameCodeOtherWords(current.content, revision.content))
        throw new HttpError(
          403,
          CODE_MODE_OFF,
          `${codeOff} This revision changes code, not only words, so it cannot be restored here.`,
        );
    }
    return this.save(file, revision.content, by);
  }

  /** At start-up: removes the temp files of saves a crash interrupted (their targets are intact). */
  async removeInterruptedWrites(): Promise<number> {
    const temps = (
      await Promise.all(revisionPathSchema.options.map((f) => tempFilesOf(this.absolute(f))))
    ).flat();
    await Promise.all(temps.map((temp) => fs.rm(temp, { force: true })));
    return temps.length;
  }

  revisions(file: RevisionPath): Promise<Revision[]> {
    return this.store.revisions.list(file);
  }

  private async saveNow(
    file: RevisionPath,
    content: string,
    by: string,
    ifMatch?: string,
  ): Promise<SaveFileResponse> {
    const current = await this.read(file);
    if (ifMatch !== undefined && !ifMatchAccepts(ifMatch, current?.sha256 ?? null))
      throw conflict(current?.sha256 ?? null);
    const section = editableFilePathSchema.safeParse(file);
    if (section.success) await checkCode(section.data, content, current?.content ?? null);

    const history = await this.store.revisions.list(file);
    const now = this.clock();
    if (current && history.length === 0) {
      // Keep the file as it was before its first edit, so that it too can be restored.
      await this.store.revisions.create({
        path: file,
        savedAt: new Date(Math.min(current.mtime.getTime(), now.getTime() - 1)),
        savedBy: ORIGINAL_AUTHOR,
        sha256: current.sha256,
        size: Buffer.byteLength(current.content, 'utf8'),
        content: current.content,
      });
    }
    const hash = sha256(content);
    if (current && hash === current.sha256) {
      const latest = (await this.store.revisions.list(file))[0];
      if (latest && latest.sha256 === hash)
        return { sha256: hash, revision: latest, changed: false };
    }
    await writeFileAtomic(this.absolute(file), content);
    const revision = await this.store.revisions.create({
      path: file,
      savedAt: now,
      savedBy: by,
      sha256: hash,
      size: Buffer.byteLength(content, 'utf8'),
      content,
    });
    await this.prune(file, hash);
    return { sha256: hash, revision, changed: true };
  }

  /**
   * Keeps the file's history bounded (revision-retention.ts): each save adds a revision, and the
   * ones beyond the number or the age the retention allows go with it.
   */
  private async prune(file: RevisionPath, currentSha256: string): Promise<number> {
    const list = await this.store.revisions.list(file);
    const ids = revisionsToPrune(list, this.retention, this.clock(), currentSha256);
    return ids.length > 0 ? this.store.revisions.remove(file, ids) : 0;
  }
}
