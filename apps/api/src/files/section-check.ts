import type { EditableFilePath } from '@cedar/api-contract';
import ts from 'typescript';
import { SECTION_IMPORTS } from '../web-app';

/** Globals a section may use: plain values and functions that reach nothing outside the page. */
const ALLOWED_GLOBALS = new Set([
  'undefined',
  'NaN',
  'Infinity',
  'console',
  'Math',
  'JSON',
  'Number',
  'String',
  'Boolean',
  'Array',
  'Date',
  'Intl',
  'Map',
  'Set',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
]);

/** Names of the host a section must never mention, even as its own variable's name. */
const HOST_NAMES = [
  // Node's module scope and well-known host objects.
  'require',
  'module',
  'exports',
  '__dirname',
  '__filename',
  'arguments',
  'eval',
  'Function',
  'AsyncFunction',
  'GeneratorFunction',
  'Reflect',
  'Proxy',
  'Object',
  'Error',
  // The browser's, should the same code reach the server through another route.
  'window',
  'self',
  'document',
  'top',
  'parent',
  'frames',
  'opener',
  'globalThis',
  'global',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'Worker',
  'SharedWorker',
  'importScripts',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'cookieStore',
  'Deno',
  'Bun',
  // Members that lead from any function to the Function constructor or swap prototypes.
  'constructor',
  '__proto__',
  'prototype',
];

/** Every global of this Node (the one the rebuild runs on), up its prototype chain, but the allowed. */
function hostGlobals(): Set<string> {
  const names = new Set(HOST_NAMES);
  for (let o: object | null = globalThis; o; o = Object.getPrototypeOf(o) as object | null) {
    for (const name of Object.getOwnPropertyNames(o)) names.add(name);
  }
  for (const name of ALLOWED_GLOBALS) names.delete(name);
  return names;
}
let denied: Set<string> | undefined;

const BANNED_MEMBERS = new Set(['constructor', '__proto__', 'prototype']);

export interface CodeProblem {
  message: string;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
}

class Refused extends Error {
  constructor(
    readonly node: ts.Node,
    message: string,
  ) {
    super(message);
  }
}

const isLiteralKey = (node: ts.Node): node is ts.StringLiteralLike | ts.NumericLiteral =>
  ts.isStringLiteralLike(node) || ts.isNumericLiteral(node);

/** Is this identifier a property's name rather than a reference to a variable? */
function isPropertyName(id: ts.Identifier): boolean {
  const parent = id.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === id) ||
    (ts.isPropertyAssignment(parent) && parent.name === id) ||
    (ts.isMethodDeclaration(parent) && parent.name === id) ||
    (ts.isGetAccessorDeclaration(parent) && parent.name === id) ||
    (ts.isSetAccessorDeclaration(parent) && parent.name === id) ||
    (ts.isBindingElement(parent) && parent.propertyName === id) ||
    (ts.isPropertySignature(parent) && parent.name === id) ||
    ts.isJsxAttribute(parent) ||
    (ts.isImportSpecifier(parent) && parent.propertyName === id) ||
    (ts.isExportSpecifier(parent) && parent.propertyName === id) ||
    ts.isLabeledStatement(parent) ||
    ts.isBreakOrContinueStatement(parent)
  );
}

/** An intrinsic JSX element (`<div>`) names a tag, not a variable. */
const isIntrinsicTag = (id: ts.Identifier) =>
  (ts.isJsxOpeningElement(id.parent) ||
    ts.isJsxSelfClosingElement(id.parent) ||
    ts.isJsxClosingElement(id.parent)) &&
  id.parent.tagName === id &&
  /^[a-z]/.test(id.text);

/** Every name the file declares anywhere (variables, functions, parameters, imports). */
function declaredNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const addBinding = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else
      for (const element of name.elements)
        if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node)) addBinding(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name)
      names.add(node.name.text);
    else if (ts.isImportClause(node) && node.name) names.add(node.name.text);
    else if (ts.isNamespaceImport(node) || ts.isImportSpecifier(node)) names.add(node.name.text);
    else if (ts.isCatchClause(node) && node.variableDeclaration)
      addBinding(node.variableDeclaration.name);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/**
 * The static check a section file must pass before it is saved, beside the syntax check: the
 * edited code is built and prerendered on the server, so it may use the page's own building
 * blocks and nothing of the host. It refuses (with the line and column of the first offence):
 * imports beyond the shipped file's own, dynamic `import()`, `require`, `eval`, `Function`,
 * `import.meta`, `with`, `this`, classes, any host global (process, globalThis, fetch, Buffer…,
 * every global of this Node and the browser's well-known ones), any global not on a short list of
 * plain values, `constructor`/`__proto__`/`prototype` members, and computed members whose key is
 * not a literal. The sandbox of the rebuild is the second wall; this is the first.
 */
export function checkSection(file: EditableFilePath, source: string): CodeProblem | null {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const allowedImports = new Set(SECTION_IMPORTS[file]);
  const declared = declaredNames(sourceFile);
  denied ??= hostGlobals();

  const checkMemberName = (node: ts.Node, name: string) => {
    if (BANNED_MEMBERS.has(name)) throw new Refused(node, `the member '${name}' is not allowed`);
  };
  const checkKey = (node: ts.Expression, what: string) => {
    if (!isLiteralKey(node)) throw new Refused(node, `${what} must be a quoted name or a number`);
    checkMemberName(node, node.text);
  };

  const visit = (node: ts.Node): void => {
    // Types vanish in the build: nothing in them runs.
    if (
      ts.isTypeNode(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly)
    )
      return;
    if (ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !allowedImports.has(specifier.text)) {
        const name = specifier && ts.isStringLiteral(specifier) ? `'${specifier.text}'` : 'this';
        throw new Refused(
          node,
          `importing ${name} is not allowed; this file may import only ${[...allowedImports].map((s) => `'${s}'`).join(', ')}`,
        );
      }
      if (node.attributes) throw new Refused(node, 'import attributes are not allowed');
    } else if (ts.isImportEqualsDeclaration(node)) {
      throw new Refused(node, "'import … = require()' is not allowed");
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      throw new Refused(node, 'dynamic import() is not allowed');
    } else if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      throw new Refused(node, 'import.meta is not allowed');
    } else if (node.kind === ts.SyntaxKind.WithStatement) {
      throw new Refused(node, "'with' is not allowed");
    } else if (node.kind === ts.SyntaxKind.ThisKeyword) {
      throw new Refused(node, "'this' is not allowed");
    } else if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      throw new Refused(node, 'classes are not allowed in a section; use a function');
    } else if (ts.isElementAccessExpression(node)) {
      checkKey(node.argumentExpression, 'a computed member');
    } else if (ts.isComputedPropertyName(node)) {
      checkKey(node.expression, 'a computed property name');
    } else if (
      (ts.isPropertyAssignment(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node) ||
        ts.isBindingElement(node)) &&
      node.name &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ) {
      checkMemberName(node.name, node.name.text);
      if (
        ts.isBindingElement(node) &&
        node.propertyName &&
        !ts.isComputedPropertyName(node.propertyName)
      )
        checkMemberName(node.propertyName, node.propertyName.text);
    } else if (ts.isIdentifier(node)) {
      if (isPropertyName(node)) checkMemberName(node, node.text);
      else if (!isIntrinsicTag(node)) {
        const name = node.text;
        if (denied!.has(name)) throw new Refused(node, `'${name}' is not allowed in a section`);
        if (!declared.has(name) && !ALLOWED_GLOBALS.has(name))
          throw new Refused(node, `'${name}' is not defined in this file or allowed in a section`);
      }
    }
    ts.forEachChild(node, visit);
  };

  try {
    visit(sourceFile);
    return null;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const start = error.node.getStart(sourceFile);
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(start);
    return {
      message: `Line ${line + 1}, column ${character + 1}: ${error.message}.`,
      line: line + 1,
      column: character + 1,
    };
  }
}
