import { NotFoundError } from '@pds/contracts';
import { requireByPathId } from './require-by-path-id';

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
