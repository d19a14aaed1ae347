/** A bench organization's public portal: turned on, and filled through the JSON portal as stakeholders would. */
export interface Portal {
  baseUrl: string;
  slug: string;
}

export async function openPortal(baseUrl: string, apiKey: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/organization`, {
    method: 'PATCH',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ portalEnabled: true }),
  });
  if (!response.ok) throw new Error(`turning the portal on failed: ${response.status}`);
  return ((await response.json()) as { slug: string }).slug;
}

/** Submissions through the JSON portal, 32 at a time; every tenth gets a vote, so the most-voted order differs from the newest. */
export async function seedPortal({ baseUrl, slug }: Portal, submissions: number): Promise<void> {
  let next = 0;
  // On a loaded machine a request may time out behind the bus (503) or wait too long for a
  // transaction (500): it is sent again; a vote that was counted after all is then refused (409),
  // which is as good as counted (a submission stored twice only makes the list longer).
  const post = async (path: string, body: object, client: string): Promise<{ key?: string }> => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(`${baseUrl}/public/portals/${slug}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify(body),
      });
      if (response.ok) return (await response.json()) as { key: string };
      if (attempt > 1 && response.status === 409) return {};
      if ((response.status !== 503 && response.status !== 500) || attempt === 20) throw new Error(`seeding ${path} failed: ${response.status} ${await response.text()}`);
      await response.text();
    }
  };
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < submissions) {
        const i = next++;
        const { key } = await post('/intake', {
          kind: i % 3 === 0 ? 'BUG' : 'IMPROVEMENT',
          title: `Portal idea ${i}: make the weekly report easier to share`,
          description: 'We export the numbers every Monday and paste them into a slide. A shareable link would save everyone the copy and paste. '.repeat(3),
          submitterName: 'Bench Stakeholder',
          submitterEmail: `stakeholder${i}@example.com`,
        }, '198.51.100.1');
        // One client address votes once per submission (the bench's apps trust no proxy).
        if (i % 10 === 0) await post(`/intake/${key as string}/votes`, { email: `voter${i}@example.com` }, '203.0.113.1');
      }
    }),
  );
}

/** The paths requested in turn: first pages of four views, and pages 2–4 of the newest order by cursor. */
export async function pagePaths({ baseUrl, slug }: Portal, prefix: string): Promise<string[]> {
  const join = (query: string) => (query ? `${prefix}${prefix.includes('?') ? '&' : '?'}${query}` : prefix);
  const paths = ['', 'sort=votes', 'kind=BUG', 'stage=SUBMITTED&sort=votes'].map(join);
  let cursor: string | null = null;
  for (let page = 0; page < 4; page += 1) {
    const response: Response = await fetch(`${baseUrl}/public/portals/${slug}/intake?sort=newest&limit=20${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = response.headers.get('x-next-cursor');
    if (!cursor) throw new Error('the list ended early');
    if (page > 0) paths.push(join(`sort=newest&cursor=${encodeURIComponent(cursor)}`));
  }
  return paths;
}
