import { readFileSync } from 'node:fs';
import path from 'node:path';
import { K8S_NATS_AUTH_FILE, appAuthorizationConfig } from './nats-auth-config';

// The operators overlay mounts a committed copy of the NATS users and permissions: a subject added
// to APP_MESSAGING without regenerating it would be refused by the cluster's NATS only.
describe('the operators overlay NATS authorization', () => {
  it(`is what APP_MESSAGING generates (npm run nats:config -- --out ${K8S_NATS_AUTH_FILE})`, () => {
    const committed = readFileSync(path.resolve(__dirname, '..', K8S_NATS_AUTH_FILE), 'utf8');
    expect(committed).toBe(appAuthorizationConfig(''));
  });

  it('gives every app its own user, password variable and permissions', () => {
    const committed = readFileSync(path.resolve(__dirname, '..', K8S_NATS_AUTH_FILE), 'utf8');
    for (const app of ['api-gateway', 'repo-receiver', 'mcp-server', 'strategy-discovery', 'delivery-intake', 'webhook-dispatcher']) {
      const variable = `NATS_PASSWORD_${app.toUpperCase().replace(/-/g, '_')}`;
      expect(committed).toContain(`user: "${app}"\n      password: $${variable}\n      permissions: {`);
    }
  });
});
