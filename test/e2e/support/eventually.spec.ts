import { atLeast, eventually } from './eventually';

/** A probe that answers `values` one per call, then repeats the last. */
function answering<T>(...values: T[]): jest.Mock<T, []> {
  let call = 0;
  return jest.fn(() => values[Math.min(call++, values.length - 1)]);
}

describe('eventually', () => {
  it('answers the first value the probe returns when there is no `until`', async () => {
    const probe = answering('ready');
    await expect(eventually(probe)).resolves.toBe('ready');
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('tries again until `until` holds, and answers that value', async () => {
    const probe = answering([], ['a'], ['a', 'b']);
    await expect(eventually(async () => probe(), { until: atLeast(2), intervalMs: 1 })).resolves.toEqual(['a', 'b']);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('counts a throw or a failed assertion as "not yet"', async () => {
    let calls = 0;
    const value = await eventually(
      () => {
        calls += 1;
        if (calls === 1) throw new Error('ECONNREFUSED');
        expect(calls).toBeGreaterThanOrEqual(3);
        return calls;
      },
      { intervalMs: 1 },
    );
    expect(value).toBe(3);
  });

  it('fails at the deadline with the last value `until` refused', async () => {
    const probe = answering({ status: 'PENDING', attempts: 1 }, { status: 'PENDING', attempts: 2 });
    await expect(eventually(probe, { until: (d) => d.status === 'DELIVERED', timeoutMs: 50, intervalMs: 5, what: 'the delivery' })).rejects.toThrow(
      /^the delivery not met within 50 ms \(\d+ tries\); last saw: \{ status: 'PENDING', attempts: 2 \}$/,
    );
  });

  it('fails at the deadline with the last assertion error, kept as the cause', async () => {
    let calls = 0;
    const failure = await eventually(
      () => {
        calls += 1;
        expect({ status: calls }).toEqual({ status: 'DONE' });
      },
      { timeoutMs: 30, intervalMs: 5 },
    ).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^condition not met within 30 ms \(\d+ tries\); last error: expect\(received\)\.toEqual\(expected\)/);
    expect((failure as Error).message).toContain(`"status": ${calls}`);
    expect((failure as Error).cause).toBeInstanceOf(Error);
  });

  it('says how long a refused list was and cuts a long value short', async () => {
    const long = Array.from({ length: 400 }, (_, i) => ({ id: `delivery-${i}`, status: 'PENDING' }));
    const failure = (await eventually(() => long, { until: atLeast(500), timeoutMs: 10, intervalMs: 5 }).catch((error: Error) => error)) as Error;
    expect(failure.message).toContain('last saw: (400 entries) [');
    expect(failure.message.length).toBeLessThan(3300);
  });

  it('tries at least once however short the timeout, and not after the deadline', async () => {
    const probe = answering(false);
    await expect(eventually(probe, { until: Boolean, timeoutMs: 0 })).rejects.toThrow('(1 tries)');
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
