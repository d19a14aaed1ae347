import { batchRefusal, messageCount } from './batch';

const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }));

describe('JSON-RPC batches', () => {
  it('costs one per message', () => {
    expect(messageCount({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBe(1);
    expect(messageCount(batch(7))).toBe(7);
    expect(messageCount([])).toBe(1);
  });

  it('lets single messages through whatever the version', () => {
    expect(batchRefusal({ jsonrpc: '2.0' }, '2025-06-18', 20)).toBeUndefined();
    expect(batchRefusal({ jsonrpc: '2.0' }, undefined, 20)).toBeUndefined();
  });

  it('allows batches only without a version header or with one before 2025-06-18', () => {
    expect(batchRefusal(batch(2), undefined, 20)).toBeUndefined();
    expect(batchRefusal(batch(2), '2025-03-26', 20)).toBeUndefined();
    expect(batchRefusal(batch(2), '2024-11-05', 20)).toBeUndefined();
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28', 'latest', '']) {
      expect(batchRefusal(batch(2), version, 20)).toContain('removed JSON-RPC batches');
    }
  });

  it('refuses empty batches and batches over the cap', () => {
    expect(batchRefusal([], undefined, 20)).toBe('Invalid Request: empty batch');
    expect(batchRefusal(batch(20), undefined, 20)).toBeUndefined();
    expect(batchRefusal(batch(21), undefined, 20)).toContain('at most 20 messages and this one has 21');
    expect(batchRefusal(batch(6), undefined, 5)).toContain('at most 5 messages');
  });
});
