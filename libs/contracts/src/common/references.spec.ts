import { UnknownReferenceError } from './errors';
import { ReferenceCheck } from './references';

describe('ReferenceCheck', () => {
  const detailsOf = (check: ReferenceCheck) => {
    try {
      check.throwIfAny();
    } catch (error) {
      return { message: (error as UnknownReferenceError).message, details: (error as UnknownReferenceError).details };
    }
    return undefined;
  };

  it('looks every id of several fields up in one call and reports each field that names an unknown one', async () => {
    const check = new ReferenceCheck();
    const existing = jest.fn(async (ids: string[]) => ids.filter((id) => id.startsWith('ok')));
    await check.ids({ assigneeId: 'ok1', reporterId: 'gone', mentionedUserIds: ['ok2', 'x', 'y'], productManagerId: null }, existing, 'user');
    expect(existing).toHaveBeenCalledTimes(1);
    expect(existing).toHaveBeenCalledWith(['ok1', 'gone', 'ok2', 'x', 'y']);
    expect(detailsOf(check)).toEqual({
      message: 'Unknown references: mentionedUserIds, reporterId',
      details: { reporterId: ['unknown user: gone'], mentionedUserIds: ['unknown users: x, y'] },
    });
  });

  it('asks nothing for fields that name nothing, and passes when every id is known', async () => {
    const check = new ReferenceCheck();
    const existing = jest.fn(async () => []);
    await check.ids({ sprintId: undefined, labelIds: [] }, existing);
    check.among({ ckrId: 'a' }, ['a']);
    expect(existing).not.toHaveBeenCalled();
    expect(() => check.throwIfAny()).not.toThrow();
  });

  it('reports ids found missing otherwise and refused references with the rest', () => {
    const check = new ReferenceCheck();
    check.missing('parentId', ['p']);
    check.refuse('teamId', 'a team of another kind');
    check.among({ solutionId: 's' }, []);
    expect(detailsOf(check)?.details).toEqual({ parentId: ['unknown id: p'], solutionId: ['unknown id: s'], teamId: ['a team of another kind'] });
    expect(UnknownReferenceError.of('userId', 'u').toBody()).toEqual({
      error: 'BadRequest',
      message: 'Unknown references: userId',
      details: { userId: ['unknown id: u'] },
    });
  });
});
