import { NotFoundError } from '@pds/contracts';
import { requireByPathId, requireByRef } from './require-by-path-id';

describe('requireByPathId', () => {
  const id = '0A0B0C0D-0000-4000-8000-000000000001';

  it('looks a uuid up lower-cased and returns what it finds', async () => {
    const find = jest.fn(async (uuid: string) => ({ id: uuid }));
    await expect(requireByPathId('Thing', id, find)).resolves.toEqual({ id: id.toLowerCase() });
  });

  it('is 404 for a uuid that finds nothing, and for a non-uuid without looking it up', async () => {
    const find = jest.fn(async () => null);
    await expect(requireByPathId('Thing', id, find)).rejects.toBeInstanceOf(NotFoundError);
    await expect(requireByPathId('Thing', 'THING-1', find)).rejects.toThrow(NotFoundError);
    expect(find).toHaveBeenCalledTimes(1);
  });
});

describe('requireByRef', () => {
  it('looks a uuid or a key of the prefix up, and is 404 for anything else without a lookup', async () => {
    const find = jest.fn(async (ref: unknown) => ({ ref }));
    await expect(requireByRef('Work item', 'wi-7', 'WI', find)).resolves.toEqual({ ref: { kind: 'key', number: 7 } });
    await expect(requireByRef('Work item', '0A0B0C0D-0000-4000-8000-000000000001', 'WI', find)).resolves.toEqual({
      ref: { kind: 'id', id: '0a0b0c0d-0000-4000-8000-000000000001' },
    });
    await expect(requireByRef('Work item', 'INT-7', 'WI', find)).rejects.toThrow('Work item INT-7 was not found');
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('is 404 when the lookup finds nothing', async () => {
    await expect(requireByRef('Work item', 'WI-7', 'WI', async () => null)).rejects.toBeInstanceOf(NotFoundError);
  });
});
