import { RenderCache, renderKey } from './render-cache';
import { etagOf } from './portal-security';

describe('RenderCache', () => {
  it('renders once per distinct input and forgets the least recently used beyond its capacity', () => {
    const cache = new RenderCache(2);
    let renders = 0;
    const page = (input: object) => cache.render(renderKey(input), () => `page ${JSON.stringify(input)} #${++renders}`).body;
    expect(page({ a: 1 })).toBe('page {"a":1} #1');
    expect(page({ a: 1 })).toBe('page {"a":1} #1');
    expect(page({ a: 2 })).toBe('page {"a":2} #2');
    page({ a: 1 });
    expect(page({ a: 3 })).toBe('page {"a":3} #3');
    expect(page({ a: 1 })).toBe('page {"a":1} #1');
    expect(page({ a: 2 })).toBe('page {"a":2} #4');
  });

  it('keeps the ETag of the page it rendered', () => {
    const cache = new RenderCache();
    const first = cache.render(renderKey(['list'], '{"items":[]}'), () => '<p>none</p>');
    expect(first.etag).toBe(etagOf('<p>none</p>'));
    expect(cache.render(renderKey(['list'], '{"items":[]}'), () => 'rendered again')).toBe(first);
  });

  it('tells inputs apart by the data text as well as the other inputs', () => {
    const cache = new RenderCache();
    expect(cache.render(renderKey(['list'], '{"a":1}'), () => 'one').body).toBe('one');
    expect(cache.render(renderKey(['list'], '{"a":2}'), () => 'two').body).toBe('two');
    expect(cache.render(renderKey(['list', 'votes'], '{"a":1}'), () => 'three').body).toBe('three');
  });
});
