import { Role } from '@pds/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Permission, can } from './permissions';

/** docs/permissions.md renders the matrix; this keeps the two from drifting apart. */
describe('docs/permissions.md', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../../docs/permissions.md'), 'utf8');
  const roles = Object.values(Role);
  const rows = new Map(
    doc
      .split('\n')
      .filter((line) => /^\| `[a-z.-]+` \|/.test(line))
      .map((line) => {
        const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
        return [cells[0].replace(/`/g, ''), cells.slice(2)] as const;
      }),
  );

  it('lists every permission', () => {
    expect([...rows.keys()].sort()).toEqual(Object.values(Permission).sort());
  });

  it.each(Object.values(Permission))('shows the roles that hold %s', (permission) => {
    const marks = rows.get(permission) ?? [];
    expect(roles.filter((_role, i) => marks[i] === '✓')).toEqual(roles.filter((role) => can(role, permission)));
  });
});
