import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Code and docs speak for themselves: a newcomer has only the repository, so nothing may point at a
// numbered part of the interface contract, at an issue number or at a design document kept outside
// it. Where a rule comes from the interface contract, the text says what the rule is.
const root = path.resolve(__dirname, '..');
const SCOPE = ['apps', 'libs', 'tools', 'test', 'bench', 'docs', 'README.md'];
// Build output, generated clients and local run data (.e2e, .data, ...) are nobody's prose.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'coverage']);
const SELF = path.relative(root, __filename);

const REFERENCE = /\bcontract(?:'s)?\s+(?:section\s+|§\s*)?\d+(?:\.\d+)*|\bissues?\s+#?\d+|\bARCHITECTURE\.md\b/i;

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  const dirents = (() => {
    try {
      return readdirSync(full, { withFileTypes: true });
    } catch {
      return null;
    }
  })();
  if (!dirents) {
    yield entry;
    return;
  }
  for (const dirent of dirents) {
    if (dirent.isDirectory() && (SKIPPED_DIRS.has(dirent.name) || dirent.name.startsWith('.'))) continue;
    if (dirent.isDirectory() || dirent.isFile()) yield* files(path.join(entry, dirent.name));
  }
}

/** `file:line: text` of every line that names a document outside the repository. */
function referencesIn(file: string): string[] {
  const bytes = readFileSync(path.join(root, file));
  if (bytes.includes(0)) return [];
  return bytes
    .toString('utf8')
    .split('\n')
    .flatMap((line, index) => (REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('references to documents outside the repository', () => {
  it.each([
    '/** Contract 2.8. */',
    'a 500 (issue 24: a nested constructor)',
    '(contract 6.2)',
    'the contract section 3 states',
    'see issues #14',
    'retries (ARCHITECTURE.md section 5)',
  ])('are recognised in %p', (text) => {
    expect(REFERENCE.test(text)).toBe(true);
  });

  it.each(['The interface contract requires it.', 'the contract lists as clearable', 'an issue tracker', 'retry 3 times'])(
    'leave plain words alone: %p',
    (text) => {
      expect(REFERENCE.test(text)).toBe(false);
    },
  );

  it('appear nowhere in code, tests, benchmarks or docs', () => {
    const found = SCOPE.flatMap((entry) => [...files(entry)])
      .filter((file) => file !== SELF)
      .flatMap(referencesIn);
    expect(found).toEqual([]);
  });
});
