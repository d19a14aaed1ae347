import { seededItem } from './seed';

describe('seededItem (the benches\' creates, written like the seed\'s items)', () => {
  const items = Array.from({ length: 2000 }, (_, i) => seededItem(i + 1));

  it('gives three items in four a description, as the seed does', () => {
    const described = items.filter((item) => item.description).length / items.length;
    expect(described).toBeGreaterThan(0.7);
    expect(described).toBeLessThan(0.8);
  });

  it('draws titles from the whole vocabulary, not a handful of words', () => {
    const words = new Set(items.flatMap((item) => item.title.toLowerCase().split(' ')));
    expect(words.size).toBeGreaterThan(200);
  });

  it('matches a two-word search as often as the seed\'s items (about a tenth for invoice…export)', () => {
    const both = items.filter((item) => {
      const text = `${item.title} ${item.description ?? ''}`.toLowerCase();
      return text.includes('invoice') && text.includes('export');
    }).length / items.length;
    expect(both).toBeGreaterThan(0.05);
    expect(both).toBeLessThan(0.15);
  });

  it('is the same item for the same n on every run', () => {
    expect(seededItem(42)).toEqual(items[41]);
  });
});
