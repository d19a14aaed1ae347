/**
 * The TypeScript receiver in docs/webhooks.md, taken from the file as it stands, compiled and run
 * against real deliveries: readers copy it, so it has to verify what the dispatcher sends.
 */
import { transformSync } from '@swc/core';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, stopProcesses } from '../../tools/stack';
import { createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { WEBHOOKS, createWebhook, webhookDeliveriesOf } from './support/receiver';

function documentedReceiver(): string {
  const markdown = readFileSync(path.join(repoRoot, 'docs/webhooks.md'), 'utf8');
  const snippet = /## Verifying in TypeScript[^]*?```ts\n([^]*?)```/.exec(markdown)?.[1];
  if (!snippet) throw new Error('docs/webhooks.md has no TypeScript snippet under "Verifying in TypeScript"');
  return transformSync(snippet, { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }).code;
}

async function startDocumentedReceiver(file: string, secret: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH, WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await eventually(() => fetch(url, { method: 'POST' }), { timeoutMs: 10_000, what: 'the documented receiver listening' });
  return { url, child };
}

describe('docs/webhooks.md receiver', () => {
  let dir: string;
  let file: string;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-docs-'));
    file = path.join(dir, 'receiver.js');
    writeFileSync(file, documentedReceiver());
  });
  afterAll(async () => {
    await stopProcesses(children);
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts real deliveries signed with its secret (204) and refuses them with another secret (401)', async () => {
    const org = await createOrganization();
    // Created first with a placeholder URL: the secret is only known after creation.
    const right = await createWebhook(org, 'https://93.184.216.34/placeholder', ['work_item.created']);
    const wrong = await createWebhook(org, 'https://93.184.216.34/placeholder', ['work_item.created']);
    const good = await startDocumentedReceiver(file, right.secret);
    const bad = await startDocumentedReceiver(file, `whsec_${randomBytes(24).toString('base64')}`);
    children.push(good.child, bad.child);
    expect((await org.api.patch(`${WEBHOOKS}/${right.id}`, { url: `${good.url}/hook` })).status).toBe(200);
    expect((await org.api.patch(`${WEBHOOKS}/${wrong.id}`, { url: `${bad.url}/hook` })).status).toBe(200);

    expect((await org.api.post('/api/v1/work-items', { title: 'Verified by the docs', type: 'TASK' })).status).toBe(200);
    const [accepted] = await eventually(() => webhookDeliveriesOf(org, right.id), { until: (d) => d[0]?.status === 'DELIVERED' });
    expect(accepted).toMatchObject({ statusCode: 204, attempts: 1 });
    const [refused] = await eventually(() => webhookDeliveriesOf(org, wrong.id), { until: (d) => d[0]?.attempts >= 1 });
    expect(refused).toMatchObject({ status: 'PENDING', statusCode: 401 });
  });
});
