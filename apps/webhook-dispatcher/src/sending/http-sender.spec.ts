import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { send } from './http-sender';

/** The address check at every attempt, before any connection is made (the rules are security/target-guard.ts's). */
describe('webhook sender, at every attempt', () => {
  let server: http.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const options = { timeoutMs: 2000, connectTimeoutMs: 1000, allowPrivateTargets: false };

  it.each(['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433', '0x7f.1', 'localhost'])(
    'fails http://%s naming the blocked address, without connecting',
    async (host) => {
      const before = connections;
      const result = await send(`http://${host}:${port}/hook`, '{}', {}, options);
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/(127\.0\.0\.1|::ffff:7f00:1|localhost) is not allowed/);
      expect(connections).toBe(before);
    },
  );

  it('connects when private targets are allowed', async () => {
    const result = await send(`http://127.0.0.1:${port}/hook`, '{}', {}, { ...options, allowPrivateTargets: true });
    expect(result).toMatchObject({ statusCode: 200, error: null, responseBody: 'ok' });
  });
});
