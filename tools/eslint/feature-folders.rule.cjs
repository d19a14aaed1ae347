'use strict';
// feature-folders: the feature folders of an app (`apps/<app>/src/<folder>/`) import each other
// only along the edges that app's table declares, and the declared graph has no cycle, so neither
// has the code. Files directly in `src/` (module, main, options) compose the folders and are not
// part of the graph; `generated/` (Prisma clients) neither.
//
// A local rule because none installed or available sees folders: `import/no-cycle` (eslint-plugin-
// import) follows files, and a folder cycle is usually made of acyclic files; Nx's
// enforce-module-boundaries stops at projects; eslint-plugin-boundaries checks allowed edges
// between element types but has no notion of a cycle. See docs/architecture-notes.md.
const { statSync } = require('node:fs');
const path = require('node:path');

/** A cycle of `graph` (folder → folders it may import) as [a, b, …, a], or null. */
function findCycle(graph) {
  const state = new Map(); // folder → 'open' | 'done'
  const trail = [];
  const visit = (folder) => {
    if (state.get(folder) === 'done') return null;
    if (state.get(folder) === 'open') return [...trail.slice(trail.indexOf(folder)), folder];
    state.set(folder, 'open');
    trail.push(folder);
    for (const next of graph[folder] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(folder, 'done');
    return null;
  };
  for (const folder of Object.keys(graph)) {
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return null;
}

/** The shortest path from `from` to `to` along `graph`'s edges, as [from, …, to], or null. */
function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === to) {
      const steps = [];
      for (let at = to; at !== null; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph[folder] ?? []) {
      if (!previous.has(next)) {
        previous.set(next, folder);
        queue.push(next);
      }
    }
  }
  return null;
}

/** What is wrong with an app's table: a cycle, or an edge to a folder without an entry of its own. */
function tableProblem(table) {
  for (const [folder, imports] of Object.entries(table)) {
    const unknown = imports.find((target) => !(target in table));
    if (unknown) return `${folder}/ may import ${unknown}/, which has no entry of its own`;
  }
  const cycle = findCycle(table);
  return cycle ? `it has the cycle ${cycle.join(' → ')}` : null;
}

const isDirectory = (file) => {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
};

/** `{ app, folder }` of a path under the apps root; folder is null for a file directly in src/. */
function locate(appsRoot, file) {
  const parts = path.relative(appsRoot, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 3 || parts[1] !== 'src') return null;
  const inFolder = parts.length > 3 || isDirectory(file);
  return { app: parts[0], folder: inFolder ? parts[2] : null };
}

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: "An app's feature folders import each other only along the declared, acyclic edges" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          apps: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
          ignore: { type: 'array', items: { type: 'string' } },
        },
        required: ['apps'],
        additionalProperties: false,
      },
    ],
    messages: {
      notAllowed: '{{app}}: {{from}}/ may not import {{to}}/ ({{from}}/ may import {{allowed}}){{cycle}}',
      undeclared: '{{app}}: {{folder}}/ is not in the feature-folder table of {{app}} (eslint.config.mjs)',
      noTable: '{{app}} has no feature-folder table (eslint.config.mjs), and {{from}}/ imports {{to}}/',
      badTable: 'the feature-folder table of {{app}} is wrong: {{problem}}',
    },
  },

  create(context) {
    const { root = 'apps', apps, ignore = ['generated'] } = context.options[0];
    const appsRoot = path.resolve(context.cwd, root);
    const here = locate(appsRoot, context.filename);
    if (!here || here.folder === null || ignore.includes(here.folder)) return {};
    const { app, folder } = here;
    const table = apps[app];

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(appsRoot, path.resolve(path.dirname(context.filename), source));
      if (!target || target.app !== app || target.folder === null || target.folder === folder || ignore.includes(target.folder)) return;
      const to = target.folder;
      if (!table) return context.report({ node, messageId: 'noTable', data: { app, from: folder, to } });
      for (const name of [folder, to]) {
        if (!(name in table)) return context.report({ node, messageId: 'undeclared', data: { app, folder: name } });
      }
      if (table[folder].includes(to)) return;
      const back = pathBetween(table, to, folder);
      context.report({
        node,
        messageId: 'notAllowed',
        data: {
          app,
          from: folder,
          to,
          allowed: table[folder].length ? table[folder].map((name) => `${name}/`).join(', ') : 'no other folder',
          cycle: back ? `; it would close the cycle ${[folder, ...back].join(' → ')}` : '',
        },
      });
    };

    const problem = table ? tableProblem(table) : null;
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);
    return {
      Program(node) {
        if (problem) context.report({ node, messageId: 'badTable', data: { app, problem } });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      TSImportEqualsDeclaration: (node) => node.moduleReference.type === 'TSExternalModuleReference' && check(node, literal(node.moduleReference.expression)),
      TSImportType: (node) => check(node, literal(node.argument && node.argument.literal)),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, literal(node.arguments[0]));
      },
    };
  },
};
