import { SSRF_URLS } from './ssrf-forms.fixture';
import { blockedReason, guardedLookup, targetProblem } from './target-guard';

describe('webhook target guard', () => {
  it.each(SSRF_URLS)('refuses %s at create/update', async (url) => {
    expect(await targetProblem(url)).toMatch(/not allowed/);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback, IPv4-mapped 127.0.0.1'],
    ['::ffff:7f00:1', 'loopback, IPv4-mapped 127.0.0.1'],
    ['::ffff:10.0.0.1', 'private, IPv4-mapped 10.0.0.1'],
    ['::ffff:a9fe:a9fe', 'link-local / metadata, IPv4-mapped 169.254.169.254'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.1.2.3', 'this-network'],
    ['64:ff9b::127.0.0.1', 'loopback, NAT64 127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'link-local / metadata, NAT64 169.254.169.254'],
    ['64:ff9b::10.1.2.3', 'private, NAT64 10.1.2.3'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
    ['2002:7f00:1::', 'loopback, 6to4 127.0.0.1'],
    ['2002:a9fe:a9fe::1', 'link-local / metadata, 6to4 169.254.169.254'],
    ['2002:c0a8:101:1::1', 'private, 6to4 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['::127.0.0.1', 'loopback, IPv4-compatible 127.0.0.1'],
    ['::a9fe:a9fe', 'link-local / metadata, IPv4-compatible 169.254.169.254'],
    ['::10.0.0.1', 'private, IPv4-compatible 10.0.0.1'],
  ])('blocks %s (%s)', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1', '2001:db8:1::1'])('lets public %s through', (address) => {
    expect(blockedReason(address)).toBeNull();
  });

  it('accepts a public IP literal URL without DNS', async () => {
    expect(await targetProblem('https://93.184.216.34/hook')).toBeNull();
    expect(await targetProblem('https://[2606:4700:4700::1111]/hook')).toBeNull();
  });

  it('refuses localhost names inside the connection lookup', (done) => {
    guardedLookup('api.localhost', {}, (error) => {
      expect(error?.message).toMatch(/api\.localhost is not allowed/);
      done();
    });
  });
});
