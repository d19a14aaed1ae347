/**
 * Ctrl-C on `npm run start:distributed`: the terminal's SIGINT reaches npm, the runner and all six
 * apps at once, npm forwards another to the runner, and the runner asks each app to stop. Every app
 * must finish its graceful shutdown and exit 0, and so must npm. Runs on a database and a
 * nats-server of its own (with the apps' users), so the shared stack is not disturbed.
 */
import { natsPasswordVariable } from '@pds/messaging';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrivateNats, startPrivateNats } from '../../tools/nats-server';
import { DISTRIBUTED_APPS, ScratchDatabase, createScratchDatabase, freePort, waitUntilReady } from '../../tools/stack';
import { eventually } from './support/eventually';
import { NpmRun, exitWithin, npmRun } from './support/npm-run';
import { databaseAdminUrl, describeIn, stackInfo } from './support/stack-info';

describeIn('distributed')('Ctrl-C on npm run start:distributed', () => {
  let database: ScratchDatabase | undefined;
  let nats: PrivateNats | undefined;
  let run: NpmRun | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    run?.cleanup();
    await nats?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops every app gracefully: each logs its shutdown and exits 0, then npm exits 0', async () => {
    const prefix = `e2e_ctrlc_${Date.now().toString(36)}`;
    database = await createScratchDatabase(databaseAdminUrl(), 'pds_e2e_ctrlc');
    nats = await startPrivateNats({ subjectPrefix: prefix, logFile: path.join(stackInfo().logDir, `${prefix}-nats-server.log`) });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-ctrlc-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      NATS_SUBJECT_PREFIX: prefix,
      OPERATOR_TOKEN: stackInfo().operatorToken,
    };
    const ports: number[] = [];
    for (const app of DISTRIBUTED_APPS) {
      const port = await freePort();
      ports.push(port);
      env[`${app.name.toUpperCase().replace(/-/g, '_')}_PORT`] = String(port);
      env[natsPasswordVariable(app.name)] = nats.credentials(app.name).NATS_PASSWORD;
    }
    run = npmRun('start:distributed', env);
    for (const port of ports) await waitUntilReady(`http://127.0.0.1:${port}`, run.child, 180_000);
    // The runner prints its summary once the last app is ready.
    const started = run;
    await eventually(() => started.output(), { until: (output) => output.includes('is up:'), what: "the runner's summary" });

    run.interrupt();
    expect(await exitWithin(run.exit, 90_000)).toEqual({ code: 0, signal: null });
    const output = run.output();
    for (const app of DISTRIBUTED_APPS) {
      const lines = output.split('\n').filter((line) => line.startsWith(`${app.name} `));
      expect({ app: app.name, shuttingDown: lines.filter((line) => line.includes(': shutting down')).length, stopped: lines.some((line) => line.includes('"msg":"stopped"')) }).toEqual({
        app: app.name,
        shuttingDown: 1,
        stopped: true,
      });
    }
    expect(output).not.toContain('exited with code');
    expect(output).toContain('all apps stopped');
    expect(run.groupAlive()).toBe(false);
  }, 300_000);
});
