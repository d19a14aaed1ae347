import { RenderCache } from './render-cache';

describe('RenderCache', () => {
  it('renders once per distinct input and forgets the least recently used beyond its capacity', () => {
    const cache = new RenderCache(2);
    let renders = 0;
    const page = (input: object) => cache.render(input, () => `page ${JSON.stringify(input)} #${++renders}`);
    expect(page({ a: 1 })).toBe('page {"a":1} #1');
    expect(page({ a: 1 })).toBe('page {"a":1} #1');
    expect(page({ a: 2 })).toBe('page {"a":2} #2');
    page({ a: 1 });
    expect(page({ a: 3 })).toBe('page {"a":3} #3');
    expect(page({ a: 1 })).toBe('page {"a":1} #1');
    expect(page({ a: 2 })).toBe('page {"a":2} #4');
  });
});
