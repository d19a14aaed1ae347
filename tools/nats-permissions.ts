/**
 * `npm run nats:config -- [--prefix <NATS_SUBJECT_PREFIX>] [--out <file>]`: the `authorization`
 * block of nats-server's configuration, one user per app with the permissions generated from
 * `APP_MESSAGING` (libs/contracts) for that subject prefix. Passwords are references to variables
 * (`$NATS_PASSWORD_API_GATEWAY`, …) that nats-server reads from its environment, so the output holds
 * no secret. docs/nats-authorization.md shows how to use it.
 *   --out k8s/overlays/operators/nats/nats-auth.conf   the operators overlay's copy (a unit test
 *                                                       fails while it differs from APP_MESSAGING)
 *   --listen <host:port> --store-dir <dir>  a whole server configuration (JetStream on) for a local run
 *   --new-passwords                         prints `export NATS_PASSWORD_<APP>=…` with fresh passwords
 */
import { appNatsUsers } from '@pds/messaging';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { appAuthorizationConfig } from './nats-auth-config';

function main(): void {
  const { values } = parseArgs({
    options: {
      prefix: { type: 'string', default: process.env.NATS_SUBJECT_PREFIX ?? '' },
      out: { type: 'string' },
      listen: { type: 'string' },
      'store-dir': { type: 'string' },
      'new-passwords': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const prefix = values.prefix ?? '';
  const users = appNatsUsers(prefix);
  if (values['new-passwords']) {
    // A leading letter: nats-server parses the variable's value as configuration (NATS_PASSWORD_RULE).
    for (const { passwordVariable } of users) process.stdout.write(`export ${passwordVariable}=p${randomBytes(24).toString('hex')}\n`);
    return;
  }
  if (Boolean(values.listen) !== Boolean(values['store-dir'])) throw new Error('--listen and --store-dir go together');
  const server = values.listen ? `listen: ${JSON.stringify(values.listen)}\njetstream { store_dir: ${JSON.stringify(values['store-dir'])} }\n` : '';
  const config = server + appAuthorizationConfig(prefix);
  if (values.out) {
    writeFileSync(values.out, config);
    process.stderr.write(`wrote ${values.out}\n`);
  } else {
    process.stdout.write(config);
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`nats:config failed: ${(error as Error).message}\n`);
  process.exit(1);
}
