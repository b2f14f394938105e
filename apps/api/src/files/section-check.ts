import { SECTION_RULES, type EditableFilePath, type SectionModule } from '@cedar/api-contract';
import { LINK_HOSTS } from '@cedar/content';
import ts from 'typescript';

/**
 * The check an edited section must pass before it is saved, beside the syntax check (decision
 * 014). A section is a presentational file, and the check says what it MAY contain; anything it
 * does not name is refused, so a form nobody thought of is refused too:
 *
 * - at the top: named imports from the modules of SECTION_RULES (only the names listed there),
 *   `const` data (strings, numbers, lists and objects of them, references to imported data),
 *   function components, and plain types;
 * - a component: one props parameter, and a body of `const` declarations, `if (…) return …` and
 *   `return …`;
 * - an expression: literals, templates, names, members (never one of the built-in prototypes'
 *   members: `constructor`, `__proto__`, `__lookupGetter__`, `call`…), `a ? b : c`, `&&`, `||`,
 *   `??`, comparisons and arithmetic, object and list literals, `as const`, JSX, and calls of two
 *   kinds only: `list.map((item) => …)` and the helpers SECTION_RULES lists;
 * - JSX: the listed HTML elements with the listed attributes, the listed components with the
 *   listed props, the file's own components with props of its own; no event handler, no `ref`,
 *   no raw HTML, no spread.
 *
 * Every name is resolved by scope with TypeScript's checker (the program holds this file alone,
 * no library and no other module): it must be declared in this file or imported as allowed. A
 * global (`process`, `globalThis`, `window`…) resolves to nothing and is refused.
 */

export interface CodeProblem {
  message: string;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
}

class Refused extends Error {
  constructor(
    /** The offending node, or where it starts in the text. */
    readonly at: ts.Node | number,
    message: string,
  ) {
    super(message);
  }
}

/** Members no section reads: every built-in prototype's, and the ways to a function's source. */
const DENIED_MEMBERS: ReadonlySet<string> = (() => {
  const names = new Set(['prototype', '__proto__', 'constructor', 'caller', 'callee', 'arguments']);
  const prototypes: object[] = [
    Object.prototype,
    Function.prototype,
    Array.prototype,
    String.prototype,
    Number.prototype,
    Boolean.prototype,
    Symbol.prototype,
    RegExp.prototype,
    Date.prototype,
    Promise.prototype,
    Map.prototype,
    Set.prototype,
    Error.prototype,
  ];
  for (const prototype of prototypes)
    for (const name of Object.getOwnPropertyNames(prototype)) names.add(name);
  // Data keys every content record has; reading them yields a string or a number.
  for (const name of ['length', 'name', 'description']) names.delete(name);
  return names;
})();

const BINARY_OPERATORS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
]);

const PREFIX_OPERATORS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.ExclamationToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.PlusToken,
]);

const TYPE_KEYWORDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.NumberKeyword,
  ts.SyntaxKind.BooleanKeyword,
  ts.SyntaxKind.UndefinedKeyword,
]);

/** An `id` names a heading or a part; with a hyphen it can never shadow a global of the page. */
const ID_VALUE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
/**
 * Links go to a page of the site (`/puppies`, `#part`), over https to a host of LINK_HOSTS (one
 * list, in @cedar/content), to an e-mail address or to a phone. Nothing else: not `javascript:`,
 * `data:`, `//host` or `http:`.
 */
const hostPattern = LINK_HOSTS.map((h) => h.replace(/[.]/g, '\\.')).join('|');
const LINK_VALUE = new RegExp(
  `^(?:\\/(?![/\\\\])|#|https:\\/\\/(?:${hostPattern})(?:[/?#]|$)|mailto:|tel:)`,
);
/** The start of a template a link is built from: the part before the first `${…}`. */
const LINK_TEMPLATE_HEAD = new RegExp(
  `^(?:\\/[^/\\\\]|#|https:\\/\\/(?:${hostPattern})[/?#]|mailto:|tel:)`,
);
/**
 * What a browser or the build reads differently from the text: a backslash (`/\\host` is
 * `//host`), a tab or line break (dropped from URLs), a character reference (`/&#x2F;host`,
 * which the JSX compiler turns into `//host`).
 */
const LINK_DISGUISE = /[\\\s]|&(?:#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const linkAllowed = (text: string) => LINK_VALUE.test(text) && !LINK_DISGUISE.test(text);
const LINK_PROPS = new Set(['href', 'to', 'src']);
const LINK_RULE = `a link goes to a page of this site ('/page', '#part'), to 'https://' ${LINK_HOSTS.join(', ')}, to 'mailto:…' or to 'tel:…'`;
/** What starts a name React keeps for itself (`$$typeof`, `_owner`, `_store`). */
const RESERVED_NAME = /^[$_]/;

/**
 * Props whose values are data: words, links, photos, elements. Every other prop of an element or
 * a listed component sets the look, and Mantine writes a responsive value (`mt={{ base: 1, sm:
 * 2 }}`, `cols`, `spacing`…) into a `<style>` element as it is: such a value is a literal of the
 * file, never a name (the owner's words are data), with no `<` (which could end the `<style>`).
 */
const DATA_PROPS = new Set([
  ...['key', 'id', 'role', 'title', 'children', 'lang', 'dir', 'component'],
  ...['href', 'to', 'target', 'rel', 'src', 'alt', 'sizes', 'cover', 'priority'],
  ...['text', 'readMore', 'readLess', 'limit', 'article', 'icon', 'leftSection', 'rightSection'],
]);
const isDataProp = (name: string) => DATA_PROPS.has(name) || name.startsWith('aria-');
/** Build tools read instructions from comments (`@jsx`, `@jsxImportSource`, `# sourceMappingURL`). */
const COMMENT_INSTRUCTION = /[@#]/;

const kindName = (node: ts.Node) => ts.SyntaxKind[node.kind];
/**
 * A node's modifiers and decorators (`@dec`): `ts.getModifiers` leaves decorators out, and a
 * decorator is a call of whatever it names, so every modifier check reads them all.
 */
const modifiersOf = (node: ts.HasModifiers): readonly ts.ModifierLike[] => node.modifiers ?? [];
const isOnlyExport = (node: ts.HasModifiers) =>
  modifiersOf(node).every((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isValueDeclaration = (d: ts.Declaration) =>
  ts.isVariableDeclaration(d) ||
  ts.isFunctionDeclaration(d) ||
  ts.isParameter(d) ||
  ts.isBindingElement(d);

/** The props an element or component takes, by kind of tag. */
type Tag =
  | { kind: 'element'; name: string }
  | { kind: 'component'; module: SectionModule; name: string }
  | { kind: 'own' };

/** A program of this one file: no library, no other module, so no global resolves. */
function program(
  fileName: string,
  source: string,
): { file: ts.SourceFile; checker: ts.TypeChecker } {
  const FILE_NAME = `/${fileName}`;
  const file = ts.createSourceFile(
    FILE_NAME,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const options: ts.CompilerOptions = {
    noLib: true,
    noResolve: true,
    types: [],
    jsx: ts.JsxEmit.ReactJSX,
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
  };
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === FILE_NAME ? file : undefined),
    getDefaultLibFileName: () => '/lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === FILE_NAME,
    readFile: (name) => (name === FILE_NAME ? source : undefined),
  };
  const checker = ts.createProgram([FILE_NAME], options, host).getTypeChecker();
  return { file, checker };
}

class SectionChecker {
  constructor(
    private readonly file: ts.SourceFile,
    private readonly checker: ts.TypeChecker,
  ) {}

  module() {
    this.comments();
    for (const statement of this.file.statements) this.topLevel(statement);
  }

  /**
   * No comment may carry an instruction for the build tools. Every comment is in the trivia
   * before some node; the text of JSX is not trivia, and a `//` in it is not a comment. Every
   * node's trivia is read, not only the tokens': a `/** … *\/` comment becomes a JSDoc child of
   * the node after it, and one at the end of the file has no token after it but the end itself
   * (`/** @jsxRuntime classic @jsx globalThis.process.exit *\/` there was let through, and
   * esbuild obeys it).
   */
  private comments() {
    const text = this.file.text;
    const refuse = (at: number) => {
      throw new Refused(
        at,
        "a comment may not contain '@' or '#' (build tools read them as instructions)",
      );
    };
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.JsxText || node.kind === ts.SyntaxKind.JsxTextAllWhiteSpaces)
        return;
      if (ts.isJSDoc(node)) {
        if (COMMENT_INSTRUCTION.test(text.slice(node.pos, node.end))) refuse(node.pos);
        return;
      }
      // A list starts where its first node does (read on its own, as it may be JSX text).
      if (node.kind !== ts.SyntaxKind.SyntaxList) {
        // Comments on the line of the token before are "trailing", the others "leading".
        const ranges = [
          ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
          ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
        ];
        for (const range of ranges)
          if (COMMENT_INSTRUCTION.test(text.slice(range.pos, range.end))) refuse(range.pos);
      }
      node.getChildren(this.file).forEach(visit);
    };
    visit(this.file);
  }

  // ---- statements --------------------------------------------------------------------------

  private topLevel(node: ts.Statement) {
    if (ts.isImportDeclaration(node)) return this.importDeclaration(node);
    if (ts.isVariableStatement(node)) {
      if (!isOnlyExport(node)) throw new Refused(node, 'only `export` may stand before a `const`');
      return this.constants(node.declarationList);
    }
    if (ts.isFunctionDeclaration(node)) return this.component(node);
    if (ts.isInterfaceDeclaration(node)) return this.interfaceDeclaration(node);
    if (ts.isTypeAliasDeclaration(node)) {
      if (!isOnlyExport(node) || node.typeParameters)
        throw new Refused(node, 'a type may only be a plain `type Name = …`');
      return this.type(node.type);
    }
    throw new Refused(
      node,
      'only imports, constants, function components and types may stand at the top of a section',
    );
  }

  private importDeclaration(node: ts.ImportDeclaration) {
    const specifier = node.moduleSpecifier;
    const allowed = Object.keys(SECTION_RULES.modules)
      .map((m) => `'${m}'`)
      .join(', ');
    if (!ts.isStringLiteral(specifier) || !Object.hasOwn(SECTION_RULES.modules, specifier.text))
      throw new Refused(
        node,
        `importing ${ts.isStringLiteral(specifier) ? `'${specifier.text}'` : 'this'} is not allowed; a section may import from ${allowed}`,
      );
    if (modifiersOf(node).length > 0) throw new Refused(node, 'an import takes no modifier');
    if (node.attributes) throw new Refused(node, 'import attributes are not allowed');
    const clause = node.importClause;
    if (!clause) throw new Refused(node, 'an import must name what it takes');
    if (clause.name)
      throw new Refused(clause.name, 'a default import is not allowed; name what you take');
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings))
      throw new Refused(clause, 'a namespace import is not allowed; name what you take');
    const module = SECTION_RULES.modules[specifier.text]!;
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text;
      if (!moduleOffers(module, name))
        throw new Refused(element, `'${specifier.text}' offers a section no '${name}'`);
    }
  }

  private constants(list: ts.VariableDeclarationList) {
    if (!(list.flags & ts.NodeFlags.Const))
      throw new Refused(list, 'use `const`: a section changes no variable');
    for (const declaration of list.declarations) {
      if (declaration.exclamationToken) throw new Refused(declaration, "'!' is not allowed");
      if (!declaration.initializer) throw new Refused(declaration, 'a constant needs a value');
      this.binding(declaration.name);
      if (declaration.type) this.type(declaration.type);
      this.expression(declaration.initializer);
      if (!ts.isIdentifier(declaration.name))
        this.notAnElement(declaration.initializer, declaration.name, []);
    }
  }

  private binding(name: ts.BindingName) {
    if (ts.isIdentifier(name)) return this.declaredName(name);
    if (!ts.isObjectBindingPattern(name))
      throw new Refused(name, 'only a name or `{ a, b }` may be declared');
    for (const element of name.elements) {
      if (element.dotDotDotToken) throw new Refused(element, "'...' is not allowed");
      if (element.propertyName) {
        if (!ts.isIdentifier(element.propertyName))
          throw new Refused(element.propertyName, 'a computed name is not allowed');
        this.member(element.propertyName, element.propertyName.text);
      }
      if (!ts.isIdentifier(element.name))
        throw new Refused(element.name, 'nested destructuring is not allowed');
      if (!element.propertyName) this.member(element.name, element.name.text);
      this.declaredName(element.name);
      if (element.initializer) this.expression(element.initializer);
    }
  }

  private declaredName(name: ts.Identifier) {
    if (RESERVED_NAME.test(name.text))
      throw new Refused(
        name,
        `a name may not start with '$' or '_' ('${name.text}'): React keeps those for its own elements`,
      );
    if (DENIED_MEMBERS.has(name.text) || name.text === 'undefined')
      throw new Refused(name, `'${name.text}' cannot be the name of a constant or parameter`);
  }

  private component(node: ts.FunctionDeclaration) {
    if (!node.name) throw new Refused(node, 'a function needs a name');
    if (!isOnlyExport(node)) throw new Refused(node, 'only `export` may stand before a function');
    if (node.asteriskToken || node.typeParameters)
      throw new Refused(node, 'a component is a plain `function Name(props) { … }`');
    if (!node.body) throw new Refused(node, 'a function needs a body');
    if (node.parameters.length > 1)
      throw new Refused(node.parameters[1]!, 'a component takes one parameter: its props');
    this.parameters(node.parameters);
    if (node.type) this.type(node.type);
    this.body(node.body);
  }

  private parameters(parameters: ts.NodeArray<ts.ParameterDeclaration>) {
    for (const parameter of parameters) {
      if (parameter.dotDotDotToken || modifiersOf(parameter).length > 0)
        throw new Refused(parameter, 'a parameter is a name or `{ a, b }`');
      if (ts.isIdentifier(parameter.name) && parameter.name.text === 'this')
        throw new Refused(parameter, "'this' is not allowed");
      this.binding(parameter.name);
      if (parameter.type) this.type(parameter.type);
      if (parameter.initializer) this.expression(parameter.initializer);
    }
  }

  private body(block: ts.Block) {
    for (const statement of block.statements) this.statement(statement);
  }

  private statement(node: ts.Statement) {
    if (ts.isVariableStatement(node)) {
      if (modifiersOf(node).length > 0)
        throw new Refused(node, 'a constant inside a function takes no modifier');
      return this.constants(node.declarationList);
    }
    if (ts.isReturnStatement(node)) {
      if (node.expression) this.expression(node.expression);
      return;
    }
    if (ts.isIfStatement(node)) {
      this.expression(node.expression);
      this.branch(node.thenStatement);
      if (node.elseStatement) this.branch(node.elseStatement);
      return;
    }
    throw new Refused(
      node,
      'a component may hold only `const` declarations, `if (…) return …` and `return …`',
    );
  }

  private branch(node: ts.Statement) {
    if (ts.isBlock(node)) return this.body(node);
    if (ts.isReturnStatement(node) || ts.isIfStatement(node)) return this.statement(node);
    throw new Refused(node, 'an `if` may only return');
  }

  // ---- expressions -------------------------------------------------------------------------

  private expression(node: ts.Expression): void {
    if (
      ts.isStringLiteral(node) ||
      ts.isNumericLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      node.kind === ts.SyntaxKind.TrueKeyword ||
      node.kind === ts.SyntaxKind.FalseKeyword ||
      node.kind === ts.SyntaxKind.NullKeyword
    )
      return;
    if (ts.isTemplateExpression(node)) {
      for (const span of node.templateSpans) this.expression(span.expression);
      return;
    }
    if (ts.isIdentifier(node)) return this.valueReference(node);
    if (ts.isParenthesizedExpression(node)) return this.expression(node.expression);
    if (ts.isPropertyAccessExpression(node)) {
      if (!ts.isIdentifier(node.name))
        throw new Refused(node.name, 'a private name is not allowed');
      this.member(node.name, node.name.text);
      this.expression(node.expression);
      return this.notAnElement(node.expression, node.name, []);
    }
    if (ts.isElementAccessExpression(node)) {
      const key = node.argumentExpression;
      if (ts.isNumericLiteral(key) || ts.isStringLiteral(key)) {
        if (ts.isStringLiteral(key)) this.member(key, key.text);
        this.expression(node.expression);
        return this.notAnElement(node.expression, key, []);
      }
      throw new Refused(key, 'a computed member must be a quoted name or a number');
    }
    if (ts.isCallExpression(node)) return this.call(node);
    if (ts.isConditionalExpression(node)) {
      this.expression(node.condition);
      this.expression(node.whenTrue);
      return this.expression(node.whenFalse);
    }
    if (ts.isBinaryExpression(node)) {
      if (!BINARY_OPERATORS.has(node.operatorToken.kind))
        throw new Refused(
          node.operatorToken,
          `the operator '${node.operatorToken.getText(this.file)}' is not allowed`,
        );
      this.expression(node.left);
      return this.expression(node.right);
    }
    if (ts.isPrefixUnaryExpression(node)) {
      if (!PREFIX_OPERATORS.has(node.operator))
        throw new Refused(node, `the operator '${ts.tokenToString(node.operator)}' is not allowed`);
      return this.expression(node.operand);
    }
    if (ts.isObjectLiteralExpression(node)) return this.objectLiteral(node);
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) {
        if (ts.isSpreadElement(element) || ts.isOmittedExpression(element))
          throw new Refused(element, 'a list holds values only');
        this.expression(element);
      }
      return;
    }
    if (ts.isAsExpression(node)) {
      if (!ts.isConstTypeReference(node.type))
        throw new Refused(node.type, "'as' is allowed only as 'as const'");
      return this.expression(node.expression);
    }
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node))
      return this.jsx(node);
    throw new Refused(node, `this kind of expression (${kindName(node)}) is not allowed`);
  }

  private objectLiteral(node: ts.ObjectLiteralExpression) {
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property)) {
        const name = property.name;
        if (!ts.isIdentifier(name) && !ts.isStringLiteral(name) && !ts.isNumericLiteral(name))
          throw new Refused(name, 'a computed property name is not allowed');
        this.member(name, name.text);
        this.expression(property.initializer);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        if (property.objectAssignmentInitializer)
          throw new Refused(property, "'=' is not allowed here");
        this.member(property.name, property.name.text);
        this.reference(
          property.name,
          this.checker.getShorthandAssignmentValueSymbol(property),
          'value',
        );
      } else {
        throw new Refused(property, 'an object holds `name: value` pairs only');
      }
    }
  }

  private call(node: ts.CallExpression) {
    if (node.typeArguments) throw new Refused(node, 'type arguments are not allowed');
    const callee = node.expression;
    // list.map((item, index) => …)
    if (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.name) &&
      callee.name.text === 'map'
    ) {
      this.expression(callee.expression);
      const [callback, ...rest] = node.arguments;
      if (!callback || rest.length > 0 || !ts.isArrowFunction(callback))
        throw new Refused(node, '`.map` takes one arrow function: `list.map((item) => …)`');
      return this.mapCallback(callback);
    }
    if (ts.isIdentifier(callee)) {
      const imported = this.importedName(callee);
      if (imported && imported.module.functions?.includes(imported.name)) {
        for (const argument of node.arguments) {
          if (ts.isSpreadElement(argument)) throw new Refused(argument, "'...' is not allowed");
          this.expression(argument);
        }
        return;
      }
    }
    const helpers = Object.entries(SECTION_RULES.modules)
      .flatMap(([, m]) => m.functions ?? [])
      .join(', ');
    throw new Refused(
      node,
      `a section may call only \`list.map((item) => …)\` and the helpers ${helpers}`,
    );
  }

  private mapCallback(node: ts.ArrowFunction) {
    if (modifiersOf(node).length > 0 || node.typeParameters)
      throw new Refused(node, 'the function given to `.map` is a plain arrow function');
    if (node.parameters.length > 2)
      throw new Refused(node, 'the function given to `.map` takes the item and its index');
    this.parameters(node.parameters);
    if (node.type) this.type(node.type);
    if (ts.isBlock(node.body)) this.body(node.body);
    else this.expression(node.body);
  }

  /** A member's name: never one of the built-in prototypes', never one React keeps. */
  private member(node: ts.Node, name: string) {
    if (RESERVED_NAME.test(name))
      throw new Refused(
        node,
        `a name may not start with '$' or '_' ('${name}'): React keeps those for its own elements`,
      );
    if (DENIED_MEMBERS.has(name)) throw new Refused(node, `the member '${name}' is not allowed`);
  }

  private valueReference(id: ts.Identifier) {
    this.reference(id, this.checker.getSymbolAtLocation(id), 'value');
  }

  /** Where a name used as a value or a type leads: this file, or an allowed import. */
  private reference(id: ts.Identifier, symbol: ts.Symbol | undefined, as: 'value' | 'type') {
    const declaration = symbol?.declarations?.[0];
    if (!declaration || declaration.getSourceFile() !== this.file) {
      if (as === 'value' && id.text === 'undefined' && !declaration) return;
      throw new Refused(
        id,
        `'${id.text}' is not allowed in a section: use only names declared in this file or imported from an allowed module`,
      );
    }
    if (ts.isImportSpecifier(declaration)) {
      const typeOnly = declaration.isTypeOnly || declaration.parent.parent.isTypeOnly;
      if (as === 'value' && typeOnly)
        throw new Refused(id, `'${id.text}' is imported as a type and cannot be used as a value`);
      const imported = this.importedName(id);
      if (as === 'value' && imported && !offersValue(imported.module, imported.name))
        throw new Refused(id, `'${id.text}' can only be used as a type`);
      return;
    }
    if (as === 'value' ? isValueDeclaration(declaration) : isTypeDeclaration(declaration)) return;
    throw new Refused(id, `'${id.text}' cannot be used as a ${as} here`);
  }

  /** The module and exported name an identifier was imported as, or null. */
  private importedName(id: ts.Identifier): { module: SectionModule; name: string } | null {
    const symbol = this.checker.getSymbolAtLocation(id);
    const declaration = symbol?.declarations?.[0];
    if (!declaration || !ts.isImportSpecifier(declaration)) return null;
    const specifier = declaration.parent.parent.parent.moduleSpecifier;
    if (!ts.isStringLiteral(specifier)) return null;
    const module = SECTION_RULES.modules[specifier.text];
    return module ? { module, name: (declaration.propertyName ?? declaration.name).text } : null;
  }

  // ---- where a value comes from -----------------------------------------------------------

  /**
   * The values an expression can have, as the file spells them: literals, templates, object and
   * list literals, JSX, functions of the file, or EXTERNAL (data imported from an allowed module,
   * a helper's result, a prop the page gives an exported component) and COMPONENT (an imported
   * component). `path` is the members still to read (`copy.links.primary` is `copy` with
   * ['links', 'primary']); a list's items are '*'. A name is followed to its constant, a map's
   * item to its list, a prop of a component of this file to every value the file gives it.
   * Anything else is itself a leaf, which the callers refuse where they need to know.
   */
  private resolve(node: ts.Expression, path: readonly string[], seen = new Set<string>()): Leaf[] {
    const key = `${node.pos}:${node.end}:${path.join('.')}`;
    if (seen.has(key) || seen.size > 500) return [];
    seen.add(key);
    const n = node;
    if (ts.isParenthesizedExpression(n) || ts.isAsExpression(n))
      return this.resolve(n.expression, path, seen);
    if (
      ts.isStringLiteral(n) ||
      ts.isNoSubstitutionTemplateLiteral(n) ||
      ts.isTemplateExpression(n) ||
      ts.isNumericLiteral(n) ||
      n.kind === ts.SyntaxKind.TrueKeyword ||
      n.kind === ts.SyntaxKind.FalseKeyword ||
      n.kind === ts.SyntaxKind.NullKeyword
    )
      return path.length > 0 ? [] : [n];
    if (ts.isPropertyAccessExpression(n))
      return this.resolve(n.expression, [n.name.text, ...path], seen);
    if (ts.isElementAccessExpression(n)) {
      const k = n.argumentExpression;
      if (ts.isNumericLiteral(k)) return this.resolve(n.expression, ['*', ...path], seen);
      if (ts.isStringLiteral(k)) return this.resolve(n.expression, [k.text, ...path], seen);
      return [n];
    }
    if (ts.isObjectLiteralExpression(n)) {
      if (path.length === 0) return [n];
      const [first, ...rest] = path;
      return n.properties.flatMap((p) => {
        if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === first)
          return this.resolve(p.initializer, rest, seen);
        if (ts.isShorthandPropertyAssignment(p) && p.name.text === first)
          return this.resolve(p.name, rest, seen);
        return [];
      });
    }
    if (ts.isArrayLiteralExpression(n)) {
      if (path.length === 0) return [n];
      const [first, ...rest] = path;
      if (first !== '*' && !/^\d+$/.test(first!)) return [];
      return n.elements.flatMap((e) => (ts.isSpreadElement(e) ? [e] : this.resolve(e, rest, seen)));
    }
    if (ts.isIdentifier(n)) {
      if (n.text === 'undefined') return [];
      const declaration = this.checker.getSymbolAtLocation(n)?.declarations?.[0];
      if (!declaration) return [n];
      if (ts.isImportSpecifier(declaration)) {
        const imported = this.importedName(n);
        return [imported?.module.components?.includes(imported.name) ? COMPONENT : EXTERNAL];
      }
      if (ts.isVariableDeclaration(declaration))
        return declaration.initializer ? this.resolve(declaration.initializer, path, seen) : [];
      if (ts.isBindingElement(declaration)) {
        const prop = (declaration.propertyName ?? declaration.name) as ts.Node;
        const name = ts.isIdentifier(prop) ? prop.text : '?';
        const pattern = declaration.parent;
        const owner = pattern.parent;
        const fromDefault = declaration.initializer
          ? this.resolve(declaration.initializer, path, seen)
          : [];
        if (ts.isVariableDeclaration(owner) && owner.initializer)
          return [...fromDefault, ...this.resolve(owner.initializer, [name, ...path], seen)];
        if (ts.isParameter(owner))
          return [...fromDefault, ...this.parameterValues(owner, [name, ...path], seen)];
        return [declaration];
      }
      if (ts.isParameter(declaration)) return this.parameterValues(declaration, path, seen);
      return [declaration];
    }
    if (ts.isCallExpression(n)) {
      if (ts.isIdentifier(n.expression)) {
        const imported = this.importedName(n.expression);
        if (imported?.module.functions?.includes(imported.name)) return [EXTERNAL];
      }
      return [n];
    }
    if (ts.isConditionalExpression(n))
      return [...this.resolve(n.whenTrue, path, seen), ...this.resolve(n.whenFalse, path, seen)];
    if (ts.isBinaryExpression(n)) {
      const op = n.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return this.resolve(n.right, path, seen);
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
        return [...this.resolve(n.left, path, seen), ...this.resolve(n.right, path, seen)];
    }
    return [n];
  }

  /** The values a parameter can have: a map's items, or what the file gives a component. */
  private parameterValues(
    parameter: ts.ParameterDeclaration,
    path: readonly string[],
    seen: Set<string>,
  ): Leaf[] {
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    if (ts.isArrowFunction(fn) && ts.isCallExpression(fn.parent)) {
      const callee = fn.parent.expression;
      if (index === 1) return [];
      if (ts.isPropertyAccessExpression(callee))
        return this.resolve(callee.expression, ['*', ...path], seen);
      return [parameter];
    }
    if (!ts.isFunctionDeclaration(fn) || !fn.name || index !== 0) return [parameter];
    const own: Leaf[] = modifiersOf(fn).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      ? [EXTERNAL]
      : [];
    if (parameter.initializer) own.push(...this.resolve(parameter.initializer, path, seen));
    if (path.length === 0) return [...own, parameter];
    const [prop, ...rest] = path;
    const component = this.checker.getSymbolAtLocation(fn.name);
    const visit = (node: ts.Node) => {
      const opening = ts.isJsxElement(node)
        ? node.openingElement
        : ts.isJsxSelfClosingElement(node)
          ? node
          : null;
      if (
        opening &&
        ts.isIdentifier(opening.tagName) &&
        this.checker.getSymbolAtLocation(opening.tagName) === component
      ) {
        for (const attribute of opening.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || !ts.isIdentifier(attribute.name)) continue;
          if (attribute.name.text !== prop) continue;
          const value = attribute.initializer;
          if (!value) continue;
          if (ts.isStringLiteral(value)) own.push(...(rest.length ? [] : [value]));
          else if (ts.isJsxExpression(value) && value.expression)
            own.push(...this.resolve(value.expression, rest, seen));
          else own.push(value);
        }
        if (
          prop === 'children' &&
          ts.isJsxElement(node) &&
          node.children.some((c) => !ts.isJsxText(c) || c.text.trim() !== '')
        )
          own.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.file);
    return own;
  }

  /** A value read from, or taken apart, must not be an element or a component (`probe.type`). */
  private notAnElement(node: ts.Expression, at: ts.Node, path: readonly string[]) {
    for (const leaf of this.resolve(node, path))
      if (
        leaf === COMPONENT ||
        (typeof leaf !== 'string' &&
          (ts.isJsxElement(leaf) ||
            ts.isJsxSelfClosingElement(leaf) ||
            ts.isJsxFragment(leaf) ||
            ts.isFunctionDeclaration(leaf)))
      )
        throw new Refused(
          at,
          'a section may not read the inside of an element or a component: place it as <Name … /> instead',
        );
  }

  /**
   * What JSX shows: text, numbers, elements, lists of elements. Never an object or a list of
   * objects (React would take an object with the right members for an element of its own).
   */
  private childValue(node: ts.Expression) {
    const refuse = (at: ts.Node): never => {
      throw new Refused(
        at,
        'only words, numbers and elements can be shown: an object or a list of objects cannot (React would take it for an element)',
      );
    };
    for (const leaf of this.resolve(node, [])) {
      if (leaf === EXTERNAL) continue;
      if (leaf === COMPONENT) refuse(node);
      const item = leaf as ts.Node;
      if (ts.isObjectLiteralExpression(item) || ts.isFunctionDeclaration(item)) refuse(item);
      if (
        ts.isCallExpression(item) &&
        ts.isPropertyAccessExpression(item.expression) &&
        item.expression.name.text === 'map' &&
        item.arguments[0] &&
        ts.isArrowFunction(item.arguments[0])
      )
        this.mapResults(item.arguments[0]);
      if (ts.isArrayLiteralExpression(item))
        for (const element of item.elements)
          for (const inner of ts.isSpreadElement(element) ? [element] : this.resolve(element, []))
            if (
              inner === COMPONENT ||
              (typeof inner !== 'string' &&
                (ts.isObjectLiteralExpression(inner) || ts.isArrayLiteralExpression(inner)))
            )
              refuse(typeof inner === 'string' ? element : inner);
    }
  }

  /** `list.map((item) => <JSX />)`: the function gives an element (or nothing) for each item. */
  private mapResults(callback: ts.ArrowFunction) {
    const results: ts.Expression[] = [];
    if (ts.isBlock(callback.body)) {
      const visit = (node: ts.Node) => {
        if (ts.isReturnStatement(node) && node.expression) results.push(node.expression);
        else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
      };
      visit(callback.body);
    } else results.push(callback.body);
    const ok = (e: ts.Expression): boolean => {
      if (ts.isParenthesizedExpression(e)) return ok(e.expression);
      if (ts.isJsxElement(e) || ts.isJsxSelfClosingElement(e) || ts.isJsxFragment(e)) return true;
      if (e.kind === ts.SyntaxKind.NullKeyword) return true;
      if (ts.isConditionalExpression(e)) return ok(e.whenTrue) && ok(e.whenFalse);
      if (
        ts.isBinaryExpression(e) &&
        e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
      )
        return ok(e.right);
      return false;
    };
    for (const result of results)
      if (!ok(result))
        throw new Refused(
          result,
          '`.map` gives an element for each item: `list.map((item) => <… />)`',
        );
  }

  /** A link (`href`, `to`, `src`), whatever it is built from: each value it can have is checked. */
  private link(node: ts.Expression) {
    for (const leaf of this.resolve(node, [])) {
      if (leaf === EXTERNAL) continue;
      const item = leaf as ts.Node;
      if (ts.isStringLiteral(item) || ts.isNoSubstitutionTemplateLiteral(item)) {
        if (!linkAllowed(item.text)) throw new Refused(item, LINK_RULE);
        continue;
      }
      if (ts.isTemplateExpression(item)) {
        const parts = [item.head.text, ...item.templateSpans.map((s) => s.literal.text)];
        if (!LINK_TEMPLATE_HEAD.test(item.head.text) || parts.some((p) => LINK_DISGUISE.test(p)))
          throw new Refused(item, `${LINK_RULE}, spelled out before the first \${…}`);
        continue;
      }
      if (item.kind === ts.SyntaxKind.NullKeyword) continue;
      throw new Refused(
        leaf === COMPONENT ? node : item,
        `${LINK_RULE}; this link is built in a way the check cannot follow (use a quoted link, a word of 'copy' or a template)`,
      );
    }
  }

  // ---- JSX ---------------------------------------------------------------------------------

  private jsx(node: ts.JsxElement | ts.JsxSelfClosingElement | ts.JsxFragment) {
    if (ts.isJsxFragment(node)) return this.children(node.children);
    const opening = ts.isJsxElement(node) ? node.openingElement : node;
    if (opening.typeArguments) throw new Refused(opening, 'type arguments are not allowed');
    const tag = this.tag(opening.tagName);
    for (const attribute of opening.attributes.properties) this.attribute(attribute, tag);
    if (ts.isJsxElement(node)) this.children(node.children);
  }

  private children(children: ts.NodeArray<ts.JsxChild>) {
    for (const child of children) {
      if (ts.isJsxText(child)) continue;
      if (ts.isJsxExpression(child)) {
        if (child.dotDotDotToken) throw new Refused(child, "'...' is not allowed");
        if (child.expression) {
          this.expression(child.expression);
          this.childValue(child.expression);
        }
        continue;
      }
      this.jsx(child);
    }
  }

  private tag(name: ts.JsxTagNameExpression): Tag {
    if (ts.isIdentifier(name)) {
      if (/^[a-z]/.test(name.text)) {
        if (!SECTION_RULES.elements.includes(name.text))
          throw new Refused(
            name,
            `the element <${name.text}> is not allowed; use ${SECTION_RULES.elements.map((e) => `<${e}>`).join(' ')} or a component`,
          );
        return { kind: 'element', name: name.text };
      }
      this.valueReference(name);
      const imported = this.importedName(name);
      if (!imported) {
        // Only a component of this file: a constant or a prop naming another component
        // (`const B = Box`) would take props the listed component may not.
        const declaration = this.checker.getSymbolAtLocation(name)?.declarations?.[0];
        if (!declaration || !ts.isFunctionDeclaration(declaration))
          throw new Refused(
            name,
            `<${name.text}> must be a component of this file or an allowed one`,
          );
        return { kind: 'own' };
      }
      if (!imported.module.components?.includes(imported.name))
        throw new Refused(name, `'${name.text}' is not a component a section may place`);
      return { kind: 'component', module: imported.module, name: imported.name };
    }
    if (ts.isPropertyAccessExpression(name) && ts.isIdentifier(name.expression)) {
      const base = name.expression;
      this.valueReference(base);
      const imported = this.importedName(base);
      const full = `${imported?.name}.${name.name.text}`;
      if (!imported || !imported.module.components?.includes(full))
        throw new Refused(
          name,
          `'${name.getText(this.file)}' is not a component a section may place`,
        );
      return { kind: 'component', module: imported.module, name: full };
    }
    throw new Refused(name, 'this tag is not allowed');
  }

  private attribute(node: ts.JsxAttributeLike, tag: Tag) {
    if (!ts.isJsxAttribute(node)) throw new Refused(node, "'...' props are not allowed");
    if (!ts.isIdentifier(node.name))
      throw new Refused(node.name, 'a namespaced attribute is not allowed');
    const name = node.name.text;
    if (!propAllowed(tag, name))
      throw new Refused(
        node.name,
        tag.kind === 'element'
          ? `<${tag.name}> may not have '${name}'`
          : tag.kind === 'component'
            ? `<${tag.name}> may not have '${name}' in a section`
            : `'${name}' is not allowed as a prop`,
      );
    const value = node.initializer;
    if (!value) return;
    const literal = ts.isStringLiteral(value)
      ? value
      : ts.isJsxExpression(value) &&
          value.expression &&
          (ts.isStringLiteral(value.expression) ||
            ts.isNoSubstitutionTemplateLiteral(value.expression))
        ? value.expression
        : null;
    if (name === 'id' && !(literal && ID_VALUE.test(literal.text)))
      throw new Refused(value, "an 'id' is a quoted name with a hyphen, like 'about-heading'");
    if (tag.kind !== 'own' && LINK_PROPS.has(name)) {
      if (literal && !linkAllowed(literal.text)) throw new Refused(value, LINK_RULE);
      if (ts.isJsxExpression(value) && value.expression) this.link(value.expression);
    }
    if (name === 'children' && ts.isJsxExpression(value) && value.expression)
      this.childValue(value.expression);
    if (tag.kind !== 'own' && name === 'component') return this.componentProp(value);
    if (tag.kind !== 'own' && !isDataProp(name)) return this.lookValue(name, value);
    if (ts.isStringLiteral(value)) return;
    if (!ts.isJsxExpression(value)) return this.jsx(value);
    if (value.dotDotDotToken || !value.expression) throw new Refused(value, 'a prop needs a value');
    this.expression(value.expression);
  }

  /** A look prop's value (see DATA_PROPS): a literal, or `{ base: …, sm: … }` of literals. */
  private lookValue(name: string, value: ts.JsxAttributeValue) {
    const refuse = (at: ts.Node): never => {
      throw new Refused(
        at,
        `'${name}' sets the look: its value is a number, a quoted value without '<', ';', '{' or '}', or an object of those ({ base: 1, sm: 2 })`,
      );
    };
    const literal = (node: ts.Expression): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (/[<;{}]/.test(node.text)) refuse(node);
        return;
      }
      if (
        ts.isNumericLiteral(node) ||
        node.kind === ts.SyntaxKind.TrueKeyword ||
        node.kind === ts.SyntaxKind.FalseKeyword
      )
        return;
      if (ts.isParenthesizedExpression(node)) return literal(node.expression);
      if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken)
        return literal(node.operand);
      if (
        ts.isBinaryExpression(node) &&
        [
          ts.SyntaxKind.PlusToken,
          ts.SyntaxKind.MinusToken,
          ts.SyntaxKind.AsteriskToken,
          ts.SyntaxKind.SlashToken,
        ].includes(node.operatorToken.kind)
      ) {
        literal(node.left);
        return literal(node.right);
      }
      if (ts.isObjectLiteralExpression(node)) {
        for (const property of node.properties) {
          if (
            !ts.isPropertyAssignment(property) ||
            !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          )
            refuse(property);
          literal((property as ts.PropertyAssignment).initializer);
        }
        return;
      }
      refuse(node);
    };
    if (ts.isStringLiteral(value)) return literal(value);
    if (!ts.isJsxExpression(value) || value.dotDotDotToken || !value.expression) refuse(value);
    // The general rules still hold (forbidden member names, no `__proto__` key…).
    this.expression((value as ts.JsxExpression).expression!);
    literal((value as ts.JsxExpression).expression!);
  }

  /** `component` renders as: an allowed element's name, or a component a section may place. */
  private componentProp(value: ts.JsxAttributeValue) {
    if (ts.isStringLiteral(value) && SECTION_RULES.elements.includes(value.text)) return;
    if (ts.isJsxExpression(value) && value.expression && ts.isIdentifier(value.expression)) {
      const imported = this.importedName(value.expression);
      if (imported?.module.components?.includes(imported.name)) return;
    }
    throw new Refused(
      value,
      `'component' is an allowed element's name ('section', 'article'…) or an allowed component`,
    );
  }

  // ---- types -------------------------------------------------------------------------------

  private interfaceDeclaration(node: ts.InterfaceDeclaration) {
    if (!isOnlyExport(node) || node.typeParameters || node.heritageClauses)
      throw new Refused(node, 'an interface may only be a plain `interface Name { … }`');
    this.typeMembers(node.members);
  }

  private typeMembers(members: ts.NodeArray<ts.TypeElement>) {
    for (const member of members) {
      if (!ts.isPropertySignature(member) || !member.type)
        throw new Refused(member, 'a type lists `name: type` pairs only');
      if (!ts.isIdentifier(member.name) && !ts.isStringLiteral(member.name))
        throw new Refused(member.name, 'a computed property name is not allowed');
      this.type(member.type);
    }
  }

  private type(node: ts.TypeNode): void {
    if (TYPE_KEYWORDS.has(node.kind)) return;
    if (ts.isLiteralTypeNode(node)) {
      const literal = node.literal;
      if (
        ts.isStringLiteral(literal) ||
        ts.isNumericLiteral(literal) ||
        literal.kind === ts.SyntaxKind.NullKeyword ||
        literal.kind === ts.SyntaxKind.TrueKeyword ||
        literal.kind === ts.SyntaxKind.FalseKeyword
      )
        return;
    }
    if (ts.isArrayTypeNode(node)) return this.type(node.elementType);
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword)
      return this.type(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.forEach((t) => this.type(t));
    if (ts.isParenthesizedTypeNode(node)) return this.type(node.type);
    if (ts.isTypeLiteralNode(node)) return this.typeMembers(node.members);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && !node.typeArguments) {
      const id = node.typeName;
      return this.reference(id, this.checker.getSymbolAtLocation(id), 'type');
    }
    throw new Refused(node, `this kind of type (${kindName(node)}) is not allowed`);
  }
}

const EXTERNAL = 'external';
const COMPONENT = 'component';
/** A value as the file spells it (see SectionChecker.resolve). */
type Leaf = ts.Node | typeof EXTERNAL | typeof COMPONENT;

const propertyNameText = (name: ts.PropertyName) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;

const isTypeDeclaration = (d: ts.Declaration) =>
  ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d);

const offersValue = (module: SectionModule, name: string) =>
  Boolean(
    module.components?.includes(name) ||
    module.values?.includes(name) ||
    module.functions?.includes(name),
  );

const moduleOffers = (module: SectionModule, name: string) =>
  offersValue(module, name) || Boolean(module.types?.includes(name));

/** Event handlers (`onClick`), `ref`, raw HTML: never, on anything. */
const isNeverAllowedProp = (name: string) =>
  /^on[A-Z]/.test(name) || SECTION_RULES.neverProps.includes(name);

function propAllowed(tag: Tag, name: string): boolean {
  if (isNeverAllowedProp(name)) return false;
  if (name.startsWith('aria-')) return /^aria-[a-z]+$/.test(name);
  if (tag.kind === 'element') return SECTION_RULES.elementProps.includes(name);
  if (tag.kind === 'own') return /^[a-z][A-Za-z0-9]*$/.test(name) && !DENIED_MEMBERS.has(name);
  return (
    SECTION_RULES.componentProps.includes(name) ||
    Boolean(tag.module.props?.[tag.name]?.includes(name))
  );
}

/**
 * Checks an edited section file: null when it may be saved, else the first thing it may not
 * contain, with its line and column.
 */
export function checkSection(path: EditableFilePath, source: string): CodeProblem | null {
  try {
    return checkParsed(path, source);
  } catch (error) {
    // TypeScript's parser and this check walk the code recursively: code nested thousands of
    // levels deep (no section is) runs out of stack. It cannot be checked, so it is refused.
    if (!(error instanceof RangeError)) throw error;
    return {
      message: `Line 1, column 1: ${TOO_DEEP}.`,
      line: 1,
      column: 1,
    };
  }
}

/** The owner's sentence for code nested deeper than the check can follow. */
export const TOO_DEEP =
  'this code is nested too deeply to be checked (brackets or elements inside one another thousands of times); a section is never built that way';

function checkParsed(path: EditableFilePath, source: string): CodeProblem | null {
  const { file, checker } = program(path, source);
  try {
    new SectionChecker(file, checker).module();
    return null;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const start = typeof error.at === 'number' ? error.at : error.at.getStart(file);
    const { line, character } = file.getLineAndCharacterOfPosition(start);
    return {
      message: `Line ${line + 1}, column ${character + 1}: ${error.message}.`,
      line: line + 1,
      column: character + 1,
    };
  }
}
