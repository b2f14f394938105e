import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseAst, runnerImport, type Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const PACKAGES_SRC = /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]/;
const CONTENT_SRC = /[\\/]packages[\\/]content[\\/]src[\\/]/;

/** `export const x = <schema>.parse(...)`: the declarators whose value zod computes. */
function parsedExports(program: Node): Array<{ name: string; init: Node }> {
  const found: Array<{ name: string; init: Node }> = [];
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration as Node | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      const callee = init?.type === 'CallExpression' ? (init.callee as Node) : null;
      const property = callee?.type === 'MemberExpression' ? (callee.property as Node) : null;
      if (
        id.type === 'Identifier' &&
        init &&
        property?.type === 'Identifier' &&
        property.name === 'parse'
      ) {
        found.push({ name: id.name as string, init });
      }
    }
  }
  return found;
}

/** Drops import declarations none of whose bindings the rest of the module still uses. */
function dropUnusedImports(code: string): string {
  const program = parseAst(code) as unknown as Node;
  const imports = (program.body as Node[]).filter((s) => s.type === 'ImportDeclaration');
  let rest = code;
  for (const s of [...imports].reverse()) rest = rest.slice(0, s.start) + rest.slice(s.end);
  let out = code;
  for (const s of [...imports].reverse()) {
    const specifiers = s.specifiers as Node[];
    if (specifiers.length === 0) continue;
    const used = specifiers.some((sp) =>
      new RegExp(`\\b${(sp.local as Node).name as string}\\b`).test(rest),
    );
    if (!used) out = out.slice(0, s.start) + out.slice(s.end);
  }
  return out;
}

function listModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listModules(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The client bundle ships the site's data already validated. packages/content validates every
 * record with zod when its module loads; the server bundle (which prerenders every page) still
 * does, so a bad record fails the build. In the browser the same check would cost zod itself
 * (about 25 KB gzip) on every page's first load, so here each `export const x = schema.parse(...)`
 * of packages/content becomes the value that parse returned, evaluated once at build time.
 *
 * Our packages are side-effect free by design (ARCHITECTURE §9), which lets each page chunk keep
 * only the data it uses instead of the whole content package landing in the entry chunk.
 */
export function contentDataPlugin(): Plugin {
  let contentDir = '';
  let evaluated: Promise<Map<string, Record<string, unknown>>> | null = null;

  const evaluate = async (root: string) => {
    const modules = listModules(contentDir);
    // A scratch folder, not the repository: the publish sandbox may write nowhere else.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-content-'));
    const entry = path.join(scratch, 'content-eval.ts');
    fs.writeFileSync(
      entry,
      modules.map((m, i) => `export * as m${i} from ${JSON.stringify(m)};`).join('\n'),
    );
    try {
      const { module } = await runnerImport<Record<string, Record<string, unknown>>>(entry, {
        configFile: false,
        root,
        logLevel: 'error',
      });
      return new Map(modules.map((m, i) => [path.normalize(m), module[`m${i}`] ?? {}]));
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  };

  return {
    name: 'cedar:content-data',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      contentDir = path.resolve(config.root, '../../packages/content/src');
    },
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!PACKAGES_SRC.test(file) || this.environment.name !== 'client') return null;
      if (!CONTENT_SRC.test(file)) return { code, moduleSideEffects: false };
      const program = parseAst(code) as unknown as Node;
      const targets = parsedExports(program);
      if (targets.length === 0) return { code, moduleSideEffects: false };
      evaluated ??= evaluate(this.environment.config.root);
      const values = (await evaluated).get(path.normalize(file));
      let out = code;
      for (const { name, init } of [...targets].reverse()) {
        const value = values?.[name];
        const json = JSON.stringify(value);
        // Only plain data survives JSON unchanged; anything else keeps its runtime parse.
        if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) {
          this.warn(
            `${path.basename(file)}: ${name} is not plain data; it stays validated at run time`,
          );
          continue;
        }
        // Pure: an export no chunk uses is dropped, not kept as a bare JSON.parse statement.
        out = `${out.slice(0, init.start)}/* @__PURE__ */ JSON.parse(${JSON.stringify(json)})${out.slice(init.end)}`;
      }
      return { code: dropUnusedImports(out), moduleSideEffects: false };
    },
  };
}
