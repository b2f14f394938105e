import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseAst, runnerImport, type Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const CONTENT_SRC = /[\\/]packages[\\/]content[\\/]src[\\/]/;

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/** Written out in full, nothing computed: as JSON text it would only grow. */
function isLiteral(node: Node): boolean {
  switch (node.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return (node.expressions as Node[]).length === 0;
    case 'UnaryExpression':
      return node.operator === '-' && isLiteral(node.argument as Node);
    case 'ArrayExpression':
      return (node.elements as (Node | null)[]).every((e) => e !== null && isLiteral(e));
    case 'ObjectExpression':
      return (node.properties as Node[]).every(
        (p) => p.type === 'Property' && !p.computed && isLiteral(p.value as Node),
      );
    default:
      return false;
  }
}

const isReference = (node: Node) =>
  node.type === 'Identifier' ||
  (node.type === 'SpreadElement' && (node.argument as Node).type === 'Identifier');

/** Put together from other values only (`[...sires, ...dames]`): as JSON, their data would ship twice. */
function isAssembled(node: Node): boolean {
  if (node.type === 'Identifier') return true;
  if (node.type === 'ArrayExpression')
    return (node.elements as (Node | null)[]).every((e) => e !== null && isReference(e));
  if (node.type === 'ObjectExpression')
    return (node.properties as Node[]).every(
      (p) => isReference(p) || (p.type === 'Property' && isReference(p.value as Node)),
    );
  return false;
}

/** `export const x = <computed>`: the declarators whose value may be derived data. */
function exportedConstants(program: Node): Array<{ name: string; init: Node }> {
  const found: Array<{ name: string; init: Node }> = [];
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration as Node | null;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (
        id.type === 'Identifier' &&
        init &&
        !FUNCTIONS.has(init.type) &&
        !isLiteral(init) &&
        !isAssembled(init)
      )
        found.push({ name: id.name as string, init });
    }
  }
  return found;
}

/**
 * A content module with each exported constant that is computed (wholly or in part) and whose
 * value is plain data (what JSON keeps unchanged) replaced by that value, and the imports nothing uses any more dropped. `values` are
 * the module's exports as evaluated at build time.
 */
export function inlineDataExports(code: string, values: Record<string, unknown>): string {
  const targets = exportedConstants(parseAst(code) as unknown as Node);
  let out = code;
  let changed = false;
  for (const { name, init } of [...targets].reverse()) {
    const value = values[name];
    const json = JSON.stringify(value);
    if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) continue;
    // Pure: an export no chunk uses is dropped, not kept as a bare JSON.parse statement.
    out = `${out.slice(0, init.start)}/* @__PURE__ */ JSON.parse(${JSON.stringify(json)})${out.slice(init.end)}`;
    changed = true;
  }
  return changed ? dropUnusedImports(out) : code;
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
 * The client bundle ships the content package's data as values, not as the code that computes
 * them. Content modules export typed data, some of it derived: the header's links and the router's
 * table from the page registry, the pedigrees and puppy galleries from helper functions, the
 * contest entries from a list of names. Shipped as code, each page's first load would carry the
 * whole registry and those helpers; so each exported constant whose value is plain data becomes
 * that value, evaluated once at build time (docs/decisions/011-content-data-at-build-time.md has
 * the measurements). The server bundle, which prerenders, runs the modules as written.
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
      if (!CONTENT_SRC.test(file) || !/\.ts$/.test(file) || this.environment.name !== 'client')
        return null;
      evaluated ??= evaluate(this.environment.config.root);
      const values = (await evaluated).get(path.normalize(file));
      return values ? inlineDataExports(code, values) : null;
    },
  };
}
