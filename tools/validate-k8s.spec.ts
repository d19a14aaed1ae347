import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/validate-k8s.mjs is what `npm run lint:k8s` and CI run; these tests run it as CI does.
const root = path.resolve(__dirname, '..');
const valid = readFileSync(path.join(__dirname, 'fixtures/k8s/valid.yaml'), 'utf8');

function validate(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, 'tools/validate-k8s.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('validate-k8s', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'validate-k8s-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function write(name: string, text: string) {
    const file = path.join(dir, `${name}.yaml`);
    writeFileSync(file, text);
    return file;
  }

  it('accepts a valid stream of core, KEDA and CloudNativePG resources', () => {
    const { status, output } = validate('--file', write('valid', valid));
    expect(output).toContain('4 resources valid');
    expect(status).toBe(0);
  });

  // One run over every broken variant (tsc is the slow part); each error names its file.
  const variants: Array<[string, string, string, RegExp]> = [
    ['misspelt-field', 'maxUnavailable: 1', 'maxUnavailabel: 1', /PodDisruptionBudget\/web: .*'"maxUnavailabel"' does not exist/],
    ['field-at-wrong-level', '      containers:', '      replicas: 3\n      containers:', /Deployment\/web: .*'"replicas"' does not exist in type 'IPodSpec'/],
    ['wrong-type', 'replicas: 2', 'replicas: two', /Deployment\/web: data\/spec\/replicas must be integer/],
    ['malformed-quantity', 'cpu: 250m', 'cpu: a-quarter', /Deployment\/web: .*cpu must match format "quantity"/],
    ['missing-required', '  selector:\n    matchLabels:\n      app: web\n  template:', '  template:', /Deployment\/web: data\/spec must have required property selector/],
    ['keda-unknown-field', 'minReplicaCount: 2', 'minReplicas: 2', /ScaledObject\/web: .*'"minReplicas"' does not exist/],
    ['cnpg-unknown-field', 'instances: 3', 'instances: 3\n  replicas: 3', /Cluster\/db: \/spec must NOT have additional properties: replicas/],
    ['kind-without-schema', 'kind: PodDisruptionBudget', 'kind: PodDisruptionBudgt', /no schema for policy\/v1 PodDisruptionBudgt/],
  ];

  it('refuses misspelt and misplaced fields, wrong types and formats, missing fields and unknown kinds', () => {
    const files = variants.map(([name, from, to]) => {
      expect(valid).toContain(from);
      return write(name, valid.replace(from, to));
    });
    const { status, output } = validate('--file', ...files);
    for (const [name, , , message] of variants) {
      const lines = output.split('\n').filter((line) => line.includes(`${name}.yaml:`));
      expect({ name, errors: lines.filter((line) => message.test(line)).length }).toEqual({ name, errors: 1 });
    }
    expect(status).toBe(1);
  });

  it('refuses a stream that is not YAML', () => {
    const { status, output } = validate('--file', write('not-yaml', 'kind: [unclosed\n'));
    expect(output).toMatch(/YAML/);
    expect(status).toBe(1);
  });

  it('renders and accepts every overlay of the repository', () => {
    const { status, output } = validate();
    expect(output).toMatch(/resources valid \(k8s\/overlays\/dev, k8s\/overlays\/operators, k8s\/overlays\/operators\/nats, k8s\/overlays\/prod\)/);
    expect(status).toBe(0);
  });

  it('checks a Helm chart\'s values against the schema kept for its version, and renders the rest without the chart', () => {
    const overlay = path.join(dir, 'helm-overlay');
    mkdirSync(overlay);
    const chart = (version: string) => `resources:\n  - policy.yaml\nhelmCharts:\n  - name: nats\n    version: ${version}\n    releaseName: nats\n    valuesFile: values.yaml\n`;
    writeFileSync(path.join(overlay, 'policy.yaml'), 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: p\nspec:\n  podSelector: {}\n');
    writeFileSync(path.join(overlay, 'kustomization.yaml'), chart('1.2.8'));
    writeFileSync(path.join(overlay, 'values.yaml'), 'config:\n  jetstream:\n    enabled: true\n');
    expect(validate(overlay)).toMatchObject({ status: 0, output: expect.stringContaining('1 resources valid') });
    writeFileSync(path.join(overlay, 'values.yaml'), 'config:\n  jetstream:\n    enabeld: true\n');
    const misspelt = validate(overlay);
    expect(misspelt.output).toMatch(/helm chart nats 1\.2\.8: values\/config\/jetstream must NOT have additional properties: enabeld/);
    expect(misspelt.status).toBe(1);
    writeFileSync(path.join(overlay, 'kustomization.yaml'), chart('9.9.9'));
    const unknown = validate(overlay);
    expect(unknown.output).toMatch(/helm chart nats 9\.9\.9: no values schema/);
    expect(unknown.status).toBe(1);
  });

  it('refuses an overlay that does not render', () => {
    const overlay = path.join(dir, 'overlay');
    mkdirSync(overlay);
    writeFileSync(path.join(overlay, 'kustomization.yaml'), 'resources:\n  - missing.yaml\n');
    const { status, output } = validate(overlay);
    expect(output).toMatch(/kubectl kustomize .* failed/);
    expect(status).toBe(1);
  });
});
