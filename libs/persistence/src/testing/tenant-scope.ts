import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROW_SELECTING_OPERATIONS } from '../live-rows';

/**
 * A static check that every query of an organization's data names the organization, run as a unit
 * test per context (see docs/architecture-notes.md, "Tenant scope"). It reads the sources with the
 * TypeScript parser, so it covers every call in the code, not only the ones a test happens to run.
 *
 * Rules:
 * - `tenant-where`: a Prisma model call on a tenant model (one with an `organizationId` field) names
 *   `organizationId` in its `where` (reads, updates, deletes) or its `data` (creates). A call on a
 *   delegate whose model cannot be told (a generic repository) counts as one on a tenant model.
 * - `tenant-sql`: an SQL text that reads or writes a tenant table mentions `organization_id`.
 * - `repository-only`: Prisma model calls and SQL statements run only in `*.repository.ts` files.
 * - `organization-first`: every public method of a repository takes `organizationId` first.
 * - `live-row`: an SQL text that reads or updates a trash table (one with `deletedBy`) leaves trashed
 *   rows out: it interpolates `liveRow(…)` or names `deleted_at` itself (the trash, restore and purge
 *   select by it). Prisma calls need nothing: the client extension of live-rows.ts adds the condition.
 * A query meant to span organizations (a worker claiming due rows of every tenant) says so in a
 * comment on its statement, method or class that contains `tenant-scope: all organizations`; a
 * repository of tables without tenant data says `tenant-scope: no tenant data`. A statement that must
 * see trashed rows without selecting by `deleted_at` (the erasure reaches records in the trash too)
 * is named in the scan's `seesTrashed` list, `file#method`, with the reason beside it.
 */
export type TenantScopeRule = 'tenant-where' | 'tenant-sql' | 'repository-only' | 'organization-first' | 'live-row';

export interface TenantScopeViolation {
  rule: TenantScopeRule;
  /** `path:line` relative to the scanned root. */
  at: string;
  code: string;
}

/** What the Prisma schemas say: model delegates and tables, with and without `organizationId`. */
export interface TenantModel {
  tenantDelegates: Set<string>;
  otherDelegates: Set<string>;
  /** `schema.table` of every tenant model. */
  tenantTables: string[];
  /** `schema.table` of every model that goes to the trash (it records `deletedBy`). */
  trashTables: string[];
}

export interface TenantScopeOptions {
  /** `file#method` (file relative to the scanned root) of statements allowed to see trashed rows. */
  seesTrashed?: readonly string[];
}

/** Comments that exempt a statement, method or class: it spans organizations, or holds no tenant data. */
export const TENANT_SCOPE_MARKS = ['tenant-scope: all organizations', 'tenant-scope: no tenant data'];

/** Operations whose `where` must name the organization: those that select rows, and upserts. */
const WHERE_OPS = new Set([...ROW_SELECTING_OPERATIONS, 'upsert']);
const CREATE_OPS = new Set(['create', 'createMany', 'createManyAndReturn']);
const RAW_OPS = new Set(['$queryRaw', '$queryRawUnsafe', '$executeRaw', '$executeRawUnsafe']);
const RAW_HELPERS = new Set(['nextKeyNumber']);

/** Reads models from Prisma schema files (the `model X { … }` blocks, `@@map` and `@@schema`). */
export function readTenantModel(schemaFiles: readonly string[]): TenantModel {
  const model: TenantModel = { tenantDelegates: new Set(), otherDelegates: new Set(), tenantTables: [], trashTables: [] };
  for (const file of schemaFiles) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
      const [, name, body] = match;
      const delegate = name[0].toLowerCase() + name.slice(1);
      const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? name;
      const schema = /@@schema\("([^"]+)"\)/.exec(body)?.[1] ?? 'public';
      if (/^\s*organizationId\s/m.test(body)) {
        model.tenantDelegates.add(delegate);
        model.tenantTables.push(`${schema}.${table}`);
      } else {
        model.otherDelegates.add(delegate);
      }
      if (/^\s*deletedBy\s/m.test(body)) model.trashTables.push(`${schema}.${table}`);
    }
  }
  return model;
}

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(root)) {
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'generated' && name !== 'node_modules') files.push(...sourceFiles(full));
    } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files.sort();
}

/** Scans every non-test source file below `root` (generated clients excluded). */
export function findTenantScopeViolations(root: string, schemaFiles: readonly string[], options: TenantScopeOptions = {}): TenantScopeViolation[] {
  const model = readTenantModel(schemaFiles);
  return sourceFiles(root).flatMap((file) => scanSource(path.relative(root, file), readFileSync(file, 'utf8'), model, options));
}

/** The rules above for one file's text. */
export function scanSource(fileName: string, text: string, model: TenantModel, options: TenantScopeOptions = {}): TenantScopeViolation[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const isRepository = /\.repository\.ts$/.test(fileName);
  const violations: TenantScopeViolation[] = [];
  const report = (rule: TenantScopeRule, node: ts.Node) => {
    if (markedCrossTenant(node, text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    violations.push({ rule, at: `${fileName}:${line + 1}`, code: node.getText(source).replace(/\s+/g, ' ').slice(0, 160) });
  };
  const tablePattern = tablesPattern(model.tenantTables, ['from', 'join', 'update', 'into']);
  const trashPattern = tablesPattern(model.trashTables, ['from', 'join', 'update']);
  const seesTrashed = new Set(options.seesTrashed);

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) checkCall(node);
    if (tablePattern && isSqlText(node)) {
      const sql = sqlText(node);
      if (tablePattern.test(sql) && !/organization_id/i.test(sql)) report('tenant-sql', node);
      if (trashPattern?.test(sql) && !/deleted_at/i.test(sql) && !interpolatesLiveRow(node) && !seesTrashed.has(`${fileName}#${enclosingName(node)}`)) {
        report('live-row', node);
      }
    }
    if (isRepository && ts.isMethodDeclaration(node) && isPublicMethod(node)) {
      const first = node.parameters[0];
      if (!first || first.name.getText(source) !== 'organizationId') report('organization-first', node.name);
    }
    ts.forEachChild(node, visit);
  };

  const checkCall = (call: ts.CallExpression): void => {
    const callee = call.expression;
    if (ts.isIdentifier(callee) && RAW_HELPERS.has(callee.text)) {
      if (!isRepository) report('repository-only', call);
      return;
    }
    if (!ts.isPropertyAccessExpression(callee)) return;
    const op = callee.name.text;
    if (RAW_OPS.has(op) || (op === 'query' && receiverName(callee.expression) === 'sql')) {
      if (!isRepository) report('repository-only', call);
      return;
    }
    if (!WHERE_OPS.has(op) && !CREATE_OPS.has(op)) return;
    const delegate = receiverName(callee.expression);
    const args = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    const known = delegate !== undefined && (model.tenantDelegates.has(delegate) || model.otherDelegates.has(delegate));
    // Anything else called like a model delegate (`x.update({ where })`) is treated as one.
    const looksLikePrisma = args !== undefined && ts.isObjectLiteralExpression(args) && (hasProperty(args, 'where') || hasProperty(args, 'data'));
    if (!known && !looksLikePrisma) return;
    if (!isRepository) report('repository-only', call);
    if (delegate !== undefined && model.otherDelegates.has(delegate)) return;
    const scoped = CREATE_OPS.has(op) ? namesOrganization(call, 'data') : namesOrganization(call, 'where') && (op !== 'upsert' || namesOrganization(call, 'create'));
    if (!scoped) report('tenant-where', call);
  };

  /** Whether the call's argument `{ [key]: … }` names organizationId (following local constants). */
  const namesOrganization = (call: ts.CallExpression, key: string): boolean => {
    const args = call.arguments[0] ? resolve(unwrap(call.arguments[0]), call) : undefined;
    if (!args || !ts.isObjectLiteralExpression(args)) return false;
    const value = propertyValue(args, key);
    return value !== undefined && hasOrganization(value, call, 0);
  };

  const hasOrganization = (expression: ts.Expression, at: ts.Node, depth: number): boolean => {
    if (depth > 5) return false;
    const value = resolve(unwrap(expression), at);
    if (!value) return false;
    if (ts.isArrayLiteralExpression(value)) return value.elements.length > 0 && value.elements.every((e) => hasOrganization(e as ts.Expression, at, depth + 1));
    if (ts.isConditionalExpression(value)) return hasOrganization(value.whenTrue, at, depth + 1) && hasOrganization(value.whenFalse, at, depth + 1);
    if (!ts.isObjectLiteralExpression(value)) return false;
    return value.properties.some((property) => {
      if (ts.isSpreadAssignment(property)) return hasOrganization(property.expression, at, depth + 1);
      return property.name !== undefined && propertyName(property.name) === 'organizationId';
    });
  };

  /** An identifier's initializer when it is a `const`/`let` declared in an enclosing scope. */
  const resolve = (expression: ts.Expression, at: ts.Node): ts.Expression | undefined => {
    if (!ts.isIdentifier(expression)) return expression;
    const name = expression.text;
    for (let scope: ts.Node | undefined = at.parent; scope; scope = scope.parent) {
      if (!(ts.isBlock(scope) || ts.isSourceFile(scope))) continue;
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
            return unwrap(declaration.initializer);
          }
        }
      }
    }
    return undefined;
  };

  visit(source);
  return violations;
}

function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current)) {
    current = current.expression;
  }
  return current;
}

function receiverName(expression: ts.Expression): string | undefined {
  const inner = unwrap(expression);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  if (ts.isIdentifier(inner)) return inner.text;
  return undefined;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function hasProperty(object: ts.ObjectLiteralExpression, key: string): boolean {
  return propertyValue(object, key) !== undefined;
}

function propertyValue(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && propertyName(property.name) === key) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === key) return property.name;
  }
  return undefined;
}

function isPublicMethod(method: ts.MethodDeclaration): boolean {
  const modifiers = ts.getModifiers(method) ?? [];
  if (modifiers.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword || m.kind === ts.SyntaxKind.StaticKeyword)) return false;
  if (ts.isPrivateIdentifier(method.name)) return false;
  return ts.isClassDeclaration(method.parent);
}

function isSqlText(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || (ts.isTemplateExpression(node) && !ts.isTemplateSpan(node.parent));
}

/** The text of a string or template; interpolations read as `?`. */
function sqlText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => `?${span.literal.text}`).join('');
}

/** SQL that names one of `tables` (`schema.table`, quoted or not) after one of `keywords`. */
function tablesPattern(tables: readonly string[], keywords: readonly string[]): RegExp | undefined {
  if (tables.length === 0) return undefined;
  const names = tables.map((qualified) => {
    const [schema, table] = qualified.split('.');
    return `"?${schema}"?\\s*\\.\\s*"?${table}"?`;
  });
  return new RegExp(`\\b(?:${keywords.join('|')})\\s+(?:${names.join('|')})(?![\\w"])`, 'i');
}

/** Whether a template interpolates a `liveRow(…)` call. */
function interpolatesLiveRow(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): boolean {
  if (!ts.isTemplateExpression(node)) return false;
  return node.templateSpans.some((span) => {
    const expression = unwrap(span.expression);
    return ts.isCallExpression(expression) && ts.isIdentifier(expression.expression) && expression.expression.text === 'liveRow';
  });
}

/** The method or function a node is in, or else the constant it is the value of. */
function enclosingName(node: ts.Node): string | undefined {
  let constant: string | undefined;
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if ((ts.isMethodDeclaration(current) || ts.isFunctionDeclaration(current) || ts.isPropertyDeclaration(current)) && current.name) return current.name.getText();
    if (ts.isVariableDeclaration(current)) constant ??= current.name.getText();
  }
  return constant;
}

/** Whether a comment on the node or on an enclosing statement/member says the query spans tenants. */
function markedCrossTenant(node: ts.Node, text: string): boolean {
  for (let current: ts.Node | undefined = node; current && !ts.isSourceFile(current); current = current.parent) {
    const comments = ts.getLeadingCommentRanges(text, current.getFullStart()) ?? [];
    if (comments.some((range) => TENANT_SCOPE_MARKS.some((mark) => text.slice(range.pos, range.end).includes(mark)))) return true;
    if (ts.isClassDeclaration(current)) return false;
  }
  return false;
}
