#!/usr/bin/env node
// Renders every Kustomize overlay with `kubectl kustomize` and validates each resource offline
// against the Kubernetes schemas, in two passes:
//   1. the JSON schemas bundled by kubernetes-models (types, required fields, enums, formats such
//      as quantities), by @kubernetes-models/{keda,prometheus-operator} for those CRDs, and by the
//      committed schemas in k8s/schemas/ for CRDs that have no package (CloudNativePG, Barman Cloud);
//   2. unknown fields (what `kubeconform -strict` and the API server's strict field validation
//      refuse): the Kubernetes OpenAPI schemas allow extra properties, so every resource is also
//      type-checked by tsc against the packages' TypeScript interfaces, whose excess-property
//      check rejects a misspelt or misplaced field.
//
//   node tools/validate-k8s.mjs                  every overlay under k8s/overlays
//   node tools/validate-k8s.mjs k8s/overlays/dev  the named kustomization directories
//   node tools/validate-k8s.mjs --file x.yaml     an already rendered stream (tests)
//
// Every rendered PrometheusRule is also checked with `promtool check rules` (Prometheus' own parser
// of the expressions and templates), and the alert unit tests in k8s/tests/*.test.yaml run with
// `promtool test rules` against the rendered groups. promtool comes from Debian's `prometheus`
// package (.ci/run extracts it without starting a server); PROMTOOL names another binary.
//
// An overlay that pulls Helm charts (`helmCharts`) is rendered with them only where `helm` is
// installed and the chart repository reachable (K8S_RENDER_HELM=1). Otherwise its own resources
// are rendered without the charts, and each chart's values (valuesFile and valuesInline) are checked
// against the values schema kept for that chart and version in k8s/schemas/helm/<chart>/<version>/.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { parse, parseAllDocuments, stringify } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the schema and the TypeScript interface of an apiVersion/kind live. */
function modelModule(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const crdPackages = { 'keda.sh': '@kubernetes-models/keda', 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };
  if (crdPackages[group]) return `${crdPackages[group]}/${group}/${version}/${kind}`;
  if (group === '' || !group.includes('.') || group.endsWith('.k8s.io')) {
    return `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  }
  return undefined;
}

function committedSchema(apiVersion, kind) {
  const file = path.join(root, 'k8s', 'schemas', ...apiVersion.split('/'), `${kind}.json`);
  return existsSync(file) ? file : undefined;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map();

async function validateSchema(resource) {
  const { apiVersion, kind } = resource;
  const schemaFile = committedSchema(apiVersion, kind);
  if (schemaFile) {
    if (!compiled.has(schemaFile)) compiled.set(schemaFile, ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8'))));
    const validate = compiled.get(schemaFile);
    return validate(resource) ? [] : validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? `: ${e.params.additionalProperty}` : ''}`);
  }
  const specifier = modelModule(apiVersion, kind);
  let model;
  try {
    model = specifier && (await import(specifier))[kind];
  } catch {
    model = undefined;
  }
  if (!model) return [`no schema for ${apiVersion} ${kind} (add one to k8s/schemas/${apiVersion}/${kind}.json)`];
  try {
    new model(resource).validate();
    return [];
  } catch (error) {
    return String(error.message).split(', ');
  }
}

/** One tsc run over every resource that has a TypeScript interface; errors keyed by resource index. */
function checkUnknownFields(resources) {
  const workDir = mkdtempSync(path.join(root, 'node_modules', '.validate-k8s-'));
  try {
    const imports = new Map();
    const lines = [];
    const spans = [];
    resources.forEach(({ resource }, index) => {
      if (committedSchema(resource.apiVersion, resource.kind)) return;
      const specifier = modelModule(resource.apiVersion, resource.kind);
      if (!specifier) return;
      const alias = `I${imports.size}`;
      if (!imports.has(specifier)) imports.set(specifier, alias);
      const body = `export const r${index}: ${imports.get(specifier)} = ${JSON.stringify(resource, null, 2)};`.split('\n');
      spans.push({ index, from: lines.length + 1, to: lines.length + body.length });
      lines.push(...body);
    });
    if (spans.length === 0) return new Map();
    const header = [...imports].map(([specifier, alias]) => `import type { I${path.basename(specifier)} as ${alias} } from '${specifier}';`);
    const offset = header.length;
    writeFileSync(path.join(workDir, 'resources.mts'), [...header, ...lines].join('\n') + '\n');
    writeFileSync(
      path.join(workDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module: 'node16', moduleResolution: 'node16', target: 'ES2022', skipLibCheck: true, types: [] },
        files: ['resources.mts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', workDir, '--pretty', 'false'], { encoding: 'utf8' });
    const errors = new Map();
    for (const line of (tsc.stdout + tsc.stderr).split('\n')) {
      const match = /resources\.mts\((\d+),\d+\): error TS\d+: (.*)/.exec(line);
      if (!match) {
        if (/error TS/.test(line)) throw new Error(`tsc: ${line}`);
        continue;
      }
      const at = Number(match[1]) - offset;
      const span = spans.find((s) => at >= s.from && at <= s.to);
      const key = span ? span.index : -1;
      errors.set(key, [...(errors.get(key) ?? []), match[2]]);
    }
    if (tsc.status !== 0 && errors.size === 0) throw new Error(`tsc failed: ${tsc.stdout}${tsc.stderr}`);
    return errors;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Runs promtool; a missing binary is an error of the setup, not of the rules. */
function promtool(args) {
  const result = spawnSync(process.env.PROMTOOL || 'promtool', args, { encoding: 'utf8' });
  if (result.error) throw new Error(`promtool is required to check the alert rules (${result.error.message}); .ci/run installs it from Debian's prometheus package`);
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * `promtool check rules` on the groups of every PrometheusRule, then the unit tests of k8s/tests,
 * whose `rule_files` name a rule by `<metadata.name>.rules.yaml`.
 */
function checkAlertRules(resources) {
  const rules = resources.filter(({ resource }) => resource.kind === 'PrometheusRule');
  if (rules.length === 0) return [];
  const workDir = mkdtempSync(path.join(root, 'node_modules', '.validate-k8s-rules-'));
  try {
    const failures = [];
    for (const { source, resource } of rules) {
      const file = path.join(workDir, `${resource.metadata?.name}.rules.yaml`);
      writeFileSync(file, stringify({ groups: resource.spec?.groups ?? [] }));
      const check = promtool(['check', 'rules', file]);
      if (!check.ok) failures.push(`${source}: PrometheusRule/${resource.metadata?.name}: promtool check rules:\n${check.output}`);
    }
    const testsDir = path.join(root, 'k8s', 'tests');
    const tests = existsSync(testsDir) ? readdirSync(testsDir).filter((name) => name.endsWith('.test.yaml')) : [];
    for (const name of tests) {
      const ruleFiles = parseAllDocuments(readFileSync(path.join(testsDir, name), 'utf8'))[0].toJS().rule_files ?? [];
      // Tests of rules this run did not render (another overlay, --file) wait for the run that does.
      if (!ruleFiles.every((file) => existsSync(path.join(workDir, file)))) continue;
      writeFileSync(path.join(workDir, name), readFileSync(path.join(testsDir, name)));
      const run = promtool(['test', 'rules', path.join(workDir, name)]);
      if (!run.ok) failures.push(`k8s/tests/${name}: promtool test rules:\n${run.output}`);
    }
    return failures;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function parseStream(text, source) {
  const resources = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(`${source}: YAML: ${document.errors[0].message}`);
    const resource = document.toJS();
    if (resource === null || resource === undefined) continue;
    resources.push({ source, resource });
  }
  return resources;
}

function kubectlKustomize(dir, enableHelm) {
  const result = spawnSync('kubectl', ['kustomize', ...(enableHelm ? ['--enable-helm'] : []), dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`kubectl is required to render the overlays (${result.error.message}); .ci/run installs it`);
  if (result.status !== 0) return { error: `kubectl kustomize ${dir} failed:\n${result.stderr}` };
  return { text: result.stdout };
}

/** Each chart's values against k8s/schemas/helm/<chart>/<version>/values.schema.json. */
function checkHelmValues(dir, charts) {
  const failures = [];
  for (const chart of charts) {
    const where = `${path.relative(root, dir)}: helm chart ${chart.name} ${chart.version}`;
    const schemaFile = path.join(root, 'k8s', 'schemas', 'helm', String(chart.name), String(chart.version), 'values.schema.json');
    if (!existsSync(schemaFile)) {
      failures.push(`${where}: no values schema (add k8s/schemas/helm/${chart.name}/${chart.version}/values.schema.json)`);
      continue;
    }
    if (!compiled.has(schemaFile)) compiled.set(schemaFile, ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8'))));
    const validate = compiled.get(schemaFile);
    const values = { ...(chart.valuesFile ? parse(readFileSync(path.join(dir, chart.valuesFile), 'utf8')) : {}), ...(chart.valuesInline ?? {}) };
    if (!validate(values)) {
      for (const e of validate.errors) failures.push(`${where}: values${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? `: ${e.params.additionalProperty}` : ''}`);
    }
  }
  return failures;
}

/** The kustomization without its `helmCharts`, rendered from a copy of its directory. */
function renderWithoutCharts(dir, kustomization) {
  const copy = mkdtempSync(path.join(root, 'node_modules', '.validate-k8s-kustomization-'));
  try {
    cpSync(dir, copy, { recursive: true });
    const { helmCharts: _charts, ...rest } = kustomization;
    writeFileSync(path.join(copy, 'kustomization.yaml'), stringify(rest));
    return kubectlKustomize(copy, false);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function render(dir) {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
  const charts = kustomization.helmCharts ?? [];
  if (charts.length === 0) return kubectlKustomize(dir, false);
  if (process.env.K8S_RENDER_HELM === '1') return kubectlKustomize(dir, true);
  const valueFailures = checkHelmValues(dir, charts);
  const rendered = renderWithoutCharts(dir, kustomization);
  return {
    ...rendered,
    valueFailures,
    skipped: `pulls Helm charts (${charts.map((c) => `${c.name} ${c.version}`).join(', ')}): rendered without them, their values checked against k8s/schemas/helm (K8S_RENDER_HELM=1 renders them where helm and the chart repository are available)`,
  };
}

function overlays() {
  const base = path.join(root, 'k8s', 'overlays');
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      // An overlay may hold nested kustomizations (e.g. operators/nats), each rendered on its own.
      const dir = path.join(base, entry.name);
      const nested = readdirSync(dir, { withFileTypes: true })
        .filter((child) => child.isDirectory() && existsSync(path.join(dir, child.name, 'kustomization.yaml')))
        .map((child) => path.join(dir, child.name));
      return [...(existsSync(path.join(dir, 'kustomization.yaml')) ? [dir] : []), ...nested];
    })
    .sort();
}

async function main(argv) {
  const resources = [];
  const failures = [];
  const skipped = [];
  if (argv[0] === '--file') {
    for (const file of argv.slice(1)) resources.push(...parseStream(readFileSync(file, 'utf8'), path.relative(root, path.resolve(file))));
  } else {
    for (const dir of argv.length > 0 ? argv.map((d) => path.resolve(d)) : overlays()) {
      const name = path.relative(root, dir);
      const rendered = render(dir);
      if (rendered.skipped) skipped.push(`${name}: ${rendered.skipped}`);
      failures.push(...(rendered.valueFailures ?? []));
      if (rendered.error) failures.push(rendered.error);
      else resources.push(...parseStream(rendered.text, name));
    }
  }
  for (const { source, resource } of resources) {
    const where = `${source}: ${resource.kind ?? '?'}/${resource.metadata?.name ?? '?'}`;
    if (!resource.apiVersion || !resource.kind) {
      failures.push(`${where}: apiVersion and kind are required`);
      continue;
    }
    for (const message of await validateSchema(resource)) failures.push(`${where}: ${message}`);
  }
  for (const [index, messages] of checkUnknownFields(resources)) {
    const entry = resources[index];
    const where = entry ? `${entry.source}: ${entry.resource.kind}/${entry.resource.metadata?.name ?? '?'}` : 'resources';
    for (const message of messages) failures.push(`${where}: ${message}`);
  }
  failures.push(...checkAlertRules(resources));
  const sources = [...new Set(resources.map((r) => r.source))];
  for (const line of skipped) console.log(`validate-k8s: PARTLY RENDERED ${line}`);
  if (failures.length > 0) {
    for (const failure of failures) console.error(`validate-k8s: ${failure}`);
    console.error(`validate-k8s: ${failures.length} problem(s) in ${resources.length} resources`);
    return 1;
  }
  console.log(`validate-k8s: ${resources.length} resources valid (${sources.join(', ')})`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(path.join(root, 'node_modules'), { recursive: true });
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`validate-k8s: ${error.message}`);
      process.exit(1);
    },
  );
}
