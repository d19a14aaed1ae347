import { createMember, createOrganization } from './support/client';
import { EventRecorder, itInDistributedRun } from './support/events';
import { eventually } from './support/eventually';
import { startGatewayReplica } from './support/replicas';
import { openPortal, portal, publicClient, submission } from './support/portal';
import { ORGANIZATION_SETTINGS_SHAPE, PUBLIC_INTAKE_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

describe('organization settings', () => {
  it('ADMIN reads and changes them; the portal is off by default; other roles get 403', async () => {
    const org = await createOrganization();
    const settings = await org.api.get('/api/v1/organization');
    expect(settings.status).toBe(200);
    expect(shapeViolations(settings.body, ORGANIZATION_SETTINGS_SHAPE)).toEqual([]);
    expect(settings.body).toMatchObject({ id: org.organization.id, slug: org.organization.slug, portalEnabled: false });
    const patched = await org.api.patch('/api/v1/organization', { portalEnabled: true, name: 'Renamed Inc' });
    expect(patched.body).toMatchObject({ portalEnabled: true, name: 'Renamed Inc', slug: org.organization.slug });
    expect((await org.api.patch('/api/v1/organization', { portalEnabled: 'yes' })).status).toBe(400);
    expect((await org.api.patch('/api/v1/organization', { slug: 'mine' })).status).toBe(400);
    const pm = await createMember(org, 'PM');
    expect((await pm.api.get('/api/v1/organization')).status).toBe(403);
    expect((await pm.api.patch('/api/v1/organization', { portalEnabled: false })).status).toBe(403);
    expect((await org.api.get('/api/v1/organization')).body.portalEnabled).toBe(true);
  });
});

describe('public intake portal', () => {
  it('is 404 while the organization has it off, and for an unknown slug', async () => {
    const org = await createOrganization();
    const anonymous = publicClient();
    expect((await anonymous.get(portal(org.organization.slug))).status).toBe(404);
    expect((await anonymous.post(portal(org.organization.slug), submission())).status).toBe(404);
    expect((await anonymous.get(portal('no-such-organization-slug'))).status).toBe(404);
    expect((await org.api.get('/api/v1/intake')).body).toEqual([]);
  });

  it('stops serving on this gateway as soon as it is turned off', async () => {
    const org = await openPortal();
    const path = portal(org.organization.slug);
    const page = `/portal/${org.organization.slug}`;
    expect((await publicClient().get(path)).status).toBe(200);
    expect((await publicClient().get(page)).status).toBe(200);
    await org.api.patch('/api/v1/organization', { portalEnabled: false });
    expect((await publicClient().get(path)).status).toBe(404);
    expect((await publicClient().get(page)).status).toBe(404);
    await org.api.patch('/api/v1/organization', { portalEnabled: true });
    expect((await publicClient().get(path)).status).toBe(200);
  });

  // Only the distributed run shares data between gateway replicas.
  itInDistributedRun('stops serving on every gateway replica when it is turned off on one, well within the slug cache lifetime', async () => {
    const replica = await startGatewayReplica();
    try {
      const org = await openPortal();
      const onReplica = publicClient(replica.url);
      const path = portal(org.organization.slug);
      expect((await onReplica.get(path)).status).toBe(200);
      await org.api.patch('/api/v1/organization', { portalEnabled: false });
      const turnedOff = Date.now();
      await eventually(async () => expect((await onReplica.get(path)).status).toBe(404), { timeoutMs: 5000 });
      // The replica remembered the slug just before: only the broadcast can end that this early.
      expect(Date.now() - turnedOff).toBeLessThan(3000);
    } finally {
      await replica.stop();
    }
    // A second gateway takes its time to start on a busy machine.
  }, 180_000);

  it('takes submissions without a key, shows them without contact data; the API shows the contact data', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const created = await anonymous.post(portal(org.organization.slug), submission());
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, PUBLIC_INTAKE_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({ key: 'INT-1', viaPortal: true, votes: 0, stage: 'SUBMITTED' });
    expect(created.text).not.toContain('pat@example.com');
    expect(created.text).not.toContain('Pat Customer');

    const listed = await anonymous.get(portal(org.organization.slug));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
    expect(listed.text).not.toContain('pat@example.com');

    const internal = (await org.api.get(`/api/v1/intake/${created.body.id}`)).body;
    expect(internal).toMatchObject({ viaPortal: true, isPublic: true, submitterName: 'Pat Customer', submitterEmail: 'pat@example.com', submittedById: null });
    // Contact data is for triage: roles below PM see the submission without it.
    for (const role of ['DEV', 'STAKEHOLDER', 'GUEST']) {
      const member = await createMember(org, role);
      const seen = await member.api.get(`/api/v1/intake/${created.body.id}`);
      expect(seen.body).toMatchObject({ id: created.body.id, submitterName: null, submitterEmail: null });
      const listed = await member.api.get('/api/v1/intake');
      expect(listed.text).not.toContain('pat@example.com');
    }
  });

  it('hides HIDDEN and non-public submissions from the public list', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const visible = (await anonymous.post(portal(org.organization.slug), submission({ title: 'Visible' }))).body;
    const hidden = (await anonymous.post(portal(org.organization.slug), submission({ title: 'Rude words' }))).body;
    await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Internal only' });
    await org.api.patch(`/api/v1/intake/${hidden.id}`, { moderationState: 'HIDDEN' });
    expect((await anonymous.get(portal(org.organization.slug))).body.map((s: { id: string }) => s.id)).toEqual([visible.id]);
    expect((await anonymous.post(`${portal(org.organization.slug)}/${hidden.id}/votes`, { email: 'a@example.com' })).status).toBe(404);
  });

  it('votes by e-mail: once per normalized address and once per client address a day', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    // The stack trusts one proxy hop (TRUST_PROXY=1): X-Forwarded-For stands for different clients.
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const vote = (ref: string, email: string, address: string) => anonymous.post(`${portal(org.organization.slug)}/${ref}/votes`, { email }, from(address));
    const created = (await anonymous.post(portal(org.organization.slug), submission())).body;
    const first = await vote(created.id, 'fan@example.com', '198.51.100.1');
    expect(first.status).toBe(200);
    expect(first.body.votes).toBe(1);
    for (const again of ['FAN@example.com', 'fan+portal@Example.com', ' Fan@EXAMPLE.com ']) {
      const refused = await vote(created.key, again.trim(), '198.51.100.2');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('e-mail address');
    }
    expect((await vote(created.id, 'not-an-email', '198.51.100.3')).status).toBe(400);
    const sameClient = await vote(created.id, 'second@example.com', '198.51.100.1');
    expect(sameClient.status).toBe(409);
    expect(sameClient.body.message).toContain('network address');
    expect((await vote(created.id, 'other@example.com', '198.51.100.4')).body.votes).toBe(2);
    expect((await org.api.get(`/api/v1/intake/${created.id}`)).body.votes).toBe(2);
  });

  it('lists descriptions as a preview and reads a submission whole', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const description = `${'Long story. '.repeat(100)}The end.`;
    const created = (await anonymous.post(portal(org.organization.slug), submission({ description }))).body;
    const [listed] = (await anonymous.get(portal(org.organization.slug))).body;
    expect(listed.description).toHaveLength(280);
    expect(listed.description.endsWith('…')).toBe(true);
    expect(description.startsWith(listed.description.slice(0, -1))).toBe(true);
    const single = await anonymous.get(`${portal(org.organization.slug)}/${created.key}`);
    expect(single.status).toBe(200);
    expect(shapeViolations(single.body, PUBLIC_INTAKE_SHAPE)).toEqual([]);
    expect(single.body.description).toBe(description);
    const other = await openPortal();
    expect((await anonymous.get(`${portal(other.organization.slug)}/${created.id}`)).status).toBe(404);
  });

  it.each([
    ['a title of 2 characters', { title: 'ab' }, 'title'],
    ['a description of 10001 characters (the portal limit)', { description: 'd'.repeat(10_001) }, 'description'],
    ['kind FEATURE', { kind: 'FEATURE' }, 'kind'],
    ['a missing submitterEmail', { submitterEmail: undefined }, 'submitterEmail'],
    ['a malformed submitterEmail', { submitterEmail: 'pat' }, 'submitterEmail'],
    ['an empty submitterName', { submitterName: '' }, 'submitterName'],
    ['watcherIds (API only)', { watcherIds: [] }, 'watcherIds'],
  ])('bad input: %s is 400 and writes nothing', async (_label, over, field) => {
    const org = await openPortal();
    const response = await publicClient().post(portal(org.organization.slug), submission(over));
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty(field);
    expect((await org.api.get('/api/v1/intake')).body).toEqual([]);
  });

  it('keeps anonymous input small: a body over 128 KiB is 413, pages hold at most 50 (20 by default)', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const huge = await anonymous.post(portal(org.organization.slug), submission({ description: 'd'.repeat(200_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('PayloadTooLarge');
    expect((await anonymous.post(portal(org.organization.slug), submission({ description: 'd'.repeat(10_000) }))).status).toBe(200);
    for (let i = 0; i < 21; i += 1) expect((await anonymous.post(portal(org.organization.slug), submission({ title: `Public ${i}` }))).status).toBe(200);
    const page = await anonymous.get(portal(org.organization.slug));
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(20);
    expect(page.headers.get('x-next-cursor')).toEqual(expect.any(String));
    expect((await anonymous.get(`${portal(org.organization.slug)}?limit=50`)).body).toHaveLength(22);
    const tooMany = await anonymous.get(`${portal(org.organization.slug)}?limit=51`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toHaveProperty('limit');
  });

  it("isolates organizations: one portal never shows or votes on another organization's submissions", async () => {
    const a = await openPortal();
    const b = await openPortal();
    const anonymous = publicClient();
    const theirs = (await anonymous.post(portal(a.organization.slug), submission())).body;
    expect((await anonymous.get(portal(b.organization.slug))).body).toEqual([]);
    expect((await anonymous.post(`${portal(b.organization.slug)}/${theirs.id}/votes`, { email: 'x@example.com' })).status).toBe(404);
    expect((await b.api.get(`/api/v1/intake/${theirs.id}`)).status).toBe(404);
  });

  itInDistributedRun('intake.created of a portal submission carries no contact data', async () => {
    const org = await openPortal();
    const recorder = await EventRecorder.start(org.organization.id);
    try {
      const created = (await publicClient().post(portal(org.organization.slug), submission())).body;
      const events = await recorder.settled((e) => e.event === 'intake.created', 1);
      expect(events).toHaveLength(1);
      expect(events[0].data).toMatchObject({ id: created.id, viaPortal: true });
      expect(events[0].data).not.toHaveProperty('submitterName');
      expect(events[0].data).not.toHaveProperty('submitterEmail');
      expect(JSON.stringify(events[0])).not.toContain('pat@example.com');
      expect(JSON.stringify(events[0])).not.toContain('Pat Customer');
    } finally {
      await recorder.close();
    }
  });
});

describe('portal CORS: only the origins the organization lists, only on the portal', () => {
  const page = 'https://Portal.Example.com';
  const allowed = 'https://portal.example.com';
  const preflight = (path: string, origin: string) =>
    publicClient().request('OPTIONS', path, undefined, {
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('stores the allowed origins lower-case without repeats; anything but a bare origin is 400 and changes nothing', async () => {
    const org = await openPortal();
    expect((await org.api.get('/api/v1/organization')).body.portalAllowedOrigins).toEqual([]);
    const patched = await org.api.patch('/api/v1/organization', { portalAllowedOrigins: [page, allowed, 'http://localhost:8080', 'http://[::1]:3000'] });
    expect(patched.status).toBe(200);
    expect(patched.body.portalAllowedOrigins).toEqual([allowed, 'http://localhost:8080', 'http://[::1]:3000']);
    for (const bad of [['https://example.com/path'], ['*'], ['javascript:alert(1)'], ['https://user:pw@example.com'], ['ftp://example.com'], ['https://example.com/'], [7], 'https://example.com', null]) {
      const refused = await org.api.patch('/api/v1/organization', { portalAllowedOrigins: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'BadRequest', details: { portalAllowedOrigins: expect.any(Array) } });
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://site${i}.example.com`);
    expect((await org.api.patch('/api/v1/organization', { portalAllowedOrigins: tooMany })).status).toBe(400);
    expect((await org.api.get('/api/v1/organization')).body.portalAllowedOrigins).toEqual([allowed, 'http://localhost:8080', 'http://[::1]:3000']);
  });

  it('answers the preflight and marks the portal responses for a listed origin, and for no other', async () => {
    const org = await openPortal();
    await org.api.patch('/api/v1/organization', { portalAllowedOrigins: [allowed] });
    const path = portal(org.organization.slug);

    const ok = await preflight(path, allowed);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(ok.headers.get('access-control-max-age')).toBe('600');
    expect(ok.headers.get('vary')).toContain('Origin');
    expect((await preflight(`${path}/INT-1/votes`, allowed)).headers.get('access-control-allow-origin')).toBe(allowed);

    const created = await publicClient().post(path, submission(), { headers: { origin: allowed } });
    expect(created.status).toBe(200);
    expect(created.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(created.headers.get('access-control-expose-headers')).toContain('x-next-cursor');
    const listed = await publicClient().get(path, { headers: { origin: allowed } });
    expect(listed.headers.get('access-control-allow-origin')).toBe(allowed);

    for (const origin of ['https://evil.example.com', 'http://portal.example.com', 'https://portal.example.com:8443']) {
      const refused = await preflight(path, origin);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(refused.status).toBe(404);
      const read = await publicClient().get(path, { headers: { origin } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it("never applies to another organization's portal, to a disabled portal, or to /api/v1", async () => {
    const org = await openPortal();
    await org.api.patch('/api/v1/organization', { portalAllowedOrigins: [allowed] });
    const other = await openPortal();
    expect((await preflight(portal(other.organization.slug), allowed)).headers.get('access-control-allow-origin')).toBeNull();

    await org.api.patch('/api/v1/organization', { portalEnabled: false });
    expect((await preflight(portal(org.organization.slug), allowed)).headers.get('access-control-allow-origin')).toBeNull();

    const api = await preflight('/api/v1/work-items', allowed);
    expect(api.status).toBe(404);
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    const read = await org.api.get('/api/v1/work-items', { headers: { origin: allowed } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
