import { ReferenceCheck, UnknownReferenceError } from '@pds/contracts';
import { MessageBus } from './message-bus';
import { checkUserIds } from './user-directory';

const ACTIVE = '00000000-0000-4000-8000-000000000001';
const DEACTIVATED = '00000000-0000-4000-8000-000000000002';
const UNKNOWN = '00000000-0000-4000-8000-000000000003';

function directory(): { bus: MessageBus; asked: string[][] } {
  const asked: string[][] = [];
  const users = [
    { id: ACTIVE, role: 'DEV', name: 'A', email: 'a@example.com', active: true },
    { id: DEACTIVATED, role: 'DEV', name: 'D', email: 'd@example.com', active: false },
  ];
  const bus = {
    request: async (_subject: string, { ids }: { ids: string[] }) => {
      asked.push(ids);
      return { users: users.filter((user) => ids.includes(user.id)) };
    },
  } as unknown as MessageBus;
  return { bus, asked };
}

async function problems(fields: Parameters<typeof checkUserIds>[3]): Promise<Record<string, unknown> | undefined> {
  const { bus } = directory();
  const check = new ReferenceCheck();
  await checkUserIds(bus, 'org', check, fields);
  try {
    check.throwIfAny();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(UnknownReferenceError);
    return (error as UnknownReferenceError).details;
  }
}

describe('checkUserIds', () => {
  it('refuses a deactivated user where work is given, naming the field', async () => {
    expect(await problems({ assigned: { assigneeId: DEACTIVATED } })).toEqual({ assigneeId: [`deactivated user: ${DEACTIVATED}`] });
  });

  it('accepts a deactivated user where someone is only named (reporter, mention, watcher)', async () => {
    expect(await problems({ known: { reporterId: DEACTIVATED, mentionedUserIds: [DEACTIVATED, ACTIVE] }, assigned: { assigneeId: ACTIVE } })).toBeUndefined();
  });

  it('reports unknown users in every field, together with deactivated ones', async () => {
    expect(await problems({ known: { reporterId: UNKNOWN }, assigned: { productManagerId: DEACTIVATED, assigneeId: UNKNOWN } })).toEqual({
      reporterId: [`unknown user: ${UNKNOWN}`],
      assigneeId: [`unknown user: ${UNKNOWN}`],
      productManagerId: [`deactivated user: ${DEACTIVATED}`],
    });
  });

  it('asks identity once for every id of the body, and not at all for none', async () => {
    const { bus, asked } = directory();
    await checkUserIds(bus, 'org', new ReferenceCheck(), { known: { reporterId: ACTIVE, watcherIds: [ACTIVE, DEACTIVATED] }, assigned: { assigneeId: null } });
    await checkUserIds(bus, 'org', new ReferenceCheck(), { known: { reporterId: undefined }, assigned: { assigneeId: null } });
    expect(asked).toEqual([[ACTIVE, DEACTIVATED]]);
  });
});
