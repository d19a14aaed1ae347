import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// Every alert of the prod overlay tells whoever it wakes what happened and where to read on:
// k8s/overlays/prod/alerts.yaml against the runbooks of docs/operations.md.
const root = path.resolve(__dirname, '..');
const RUNBOOKS = 'https://github.com/example/product-delivery-service/blob/main/docs/operations.md#';

interface Rule {
  alert?: string;
  expr?: string;
  record?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rule = parse(readFileSync(path.join(root, 'k8s/overlays/prod/alerts.yaml'), 'utf8')) as { spec: { groups: { rules: Rule[] }[] } };
const alerts = rule.spec.groups.flatMap((group) => group.rules).filter((entry) => entry.alert);
/** GitHub's anchors of the page's headings: lower case, spaces to dashes, punctuation dropped. */
const anchors = new Set(
  readFileSync(path.join(root, 'docs/operations.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/^#+\s*/, '').toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')),
);

describe('alerts and runbooks', () => {
  it('covers the failures operators must hear of', () => {
    expect(alerts.map((entry) => entry.alert)).toEqual(
      expect.arrayContaining([
        'PdsEdgeErrorBudgetBurn',
        'PdsEdgeLatencyBudgetBurn',
        'PdsOutboxBacklogGrowing',
        'PdsOutboxOldestEventAging',
        'PdsOutboxEventsParked',
        'PdsWebhookDeliveriesPending',
        'PdsWebhookDeliveriesFailing',
        'PdsRepoDeliveriesFailing',
        'PdsEventConsumerLag',
        'PdsPodRestarting',
        'PdsDatabaseUnready',
        'PdsNatsUnready',
      ]),
    );
  });

  const edgeRecords = rule.spec.groups.flatMap((group) => group.rules).filter((entry) => entry.record?.startsWith('pds_edge:'));
  it('has the edge budget alerts fed by recording rules', () => expect(edgeRecords.length).toBeGreaterThan(0));
  it.each(edgeRecords.map((entry) => [entry.record!, entry] as const))(
    '%s (feeding the edge budget alerts) watches every public edge: the API, the operator API, the JSON portal, the portal pages, MCP and the hooks',
    (_name, entry) => {
      for (const prefix of ['/api/v1/.*', '/operator(/.*)?', '/public/.*', '/portal/.*', '/mcp', '/hooks/.*']) expect(entry.expr).toContain(prefix);
    },
  );

  it.each(alerts.map((entry) => [entry.alert!, entry] as const))('%s has a severity, a summary, a description and a runbook section', (name, entry) => {
    expect(['critical', 'warning']).toContain(entry.labels?.severity);
    expect(entry.annotations?.summary).toEqual(expect.any(String));
    expect(entry.annotations?.description).toEqual(expect.any(String));
    expect(entry.annotations?.runbook_url).toBe(`${RUNBOOKS}${name.toLowerCase()}`);
    expect(anchors).toContain(name.toLowerCase());
  });
});
