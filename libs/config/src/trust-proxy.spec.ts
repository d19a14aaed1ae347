import { ConfigError, loadConfig } from './load-config';
import { TrustProxy, TrustProxySetting } from './trust-proxy';

class Settings {
  @TrustProxySetting()
  TRUST_PROXY: TrustProxy = false;
}

const read = (value?: string) => loadConfig(Settings, value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(read()).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(read('1')).toBe(1);
    expect(read('10.0.0.0/8, 192.168.1.7 ,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
  });

  it.each(['true', 'yes', '11', '10.0.0.0/33', 'ingress.local', '10.0.0.0/8,'])('refuses %s with a line naming the variable', (value) => {
    expect(() => read(value)).toThrow(ConfigError);
    expect(() => read(value)).toThrow(/TRUST_PROXY="[^"]*": .*hop count/);
  });
});
