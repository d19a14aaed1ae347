import { createOrganization } from './support/client';
import { INSIGHT_SHAPE, INTERVIEW_SHAPE } from './support/shapes-strategy';
import { shapeViolations } from './support/shapes';
import { API, OTHER_UUID, listCount, ok, text } from './support/strategy-fixtures';

const INTERVIEWS = `${API}/interviews`;
const INSIGHTS = `${API}/insights`;

describe('strategy: interviews and insights', () => {
  it('creates interviews with defaults and every field, including a long transcript', async () => {
    const org = await createOrganization();
    const bare = await org.api.post(INTERVIEWS, { title: 'Call with Ana' });
    expect(bare.status).toBe(200);
    expect(shapeViolations(bare.body, INTERVIEW_SHAPE)).toEqual([]);
    expect(bare.body).toMatchObject({ participant: null, conductedAt: null, transcript: null, summary: null, analysis: null });
    const body = {
      title: 'Call with Bo',
      participant: 'Bo, ops lead at Initech',
      conductedAt: '2026-03-04T10:00:00.000Z',
      transcript: `Q: How do you onboard?\n${text(500_000 - 23)}`,
      summary: 'Onboarding is manual',
      analysis: 'Wants templates',
    };
    const full = await org.api.post(INTERVIEWS, body);
    expect(full.status).toBe(200);
    expect(shapeViolations(full.body, INTERVIEW_SHAPE)).toEqual([]);
    expect(full.body).toMatchObject(body);
    expect(await ok(org.api.get(`${INTERVIEWS}/${full.body.id}`))).toEqual(full.body);
    expect((await ok(org.api.get(INTERVIEWS))).map((i: { id: string }) => i.id)).toEqual([bare.body.id, full.body.id]);
  });

  it('patches interviews and clears nullable fields', async () => {
    const org = await createOrganization();
    const created = await ok(org.api.post(INTERVIEWS, { title: 'Call', summary: 'Old', participant: 'Cy' }));
    const patched = await org.api.patch(`${INTERVIEWS}/${created.id}`, { summary: 'New', participant: null, conductedAt: '2026-01-02T03:04:05.006Z' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ summary: 'New', participant: null, conductedAt: '2026-01-02T03:04:05.006Z', title: 'Call' });
    for (const change of [{ title: null }, { title: 'x' }, { conductedAt: 'yesterday' }, { transcript: 5 }, { mood: 'good' }]) {
      expect((await org.api.patch(`${INTERVIEWS}/${created.id}`, change)).status).toBe(400);
    }
  });

  it.each([
    ['a title of 1 character', { title: 'x' }, 'title'],
    ['a title of 201 characters', { title: text(201) }, 'title'],
    ['a transcript of 500,001 characters', { title: 'Long', transcript: text(500_001) }, 'transcript'],
    ['a conductedAt that is no timestamp', { title: 'When', conductedAt: '2026-13-01' }, 'conductedAt'],
    ['a participant of 201 characters', { title: 'Who', participant: text(201) }, 'participant'],
  ])('interviews: %s is 400 with details and writes nothing', async (_name, body, field) => {
    const org = await createOrganization();
    const response = await org.api.post(INTERVIEWS, body);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty([field]);
    expect(await listCount(org.api, 'interviews')).toBe(0);
  });

  it('creates insights from an interview with quotes as evidence; patches them', async () => {
    const org = await createOrganization();
    const interview = await ok(org.api.post(INTERVIEWS, { title: 'Call' }));
    const bare = await org.api.post(INSIGHTS, { title: 'Setup is confusing' });
    expect(bare.status).toBe(200);
    expect(shapeViolations(bare.body, INSIGHT_SHAPE)).toEqual([]);
    expect(bare.body).toMatchObject({ interviewId: null, description: null, quotes: [] });
    const body = { title: 'Templates wanted', description: 'Three of five asked', interviewId: interview.id, quotes: ['"I copy last year\'s plan"', 'Templates!'] };
    const full = await org.api.post(INSIGHTS, body);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject(body);
    expect(await ok(org.api.get(`${INSIGHTS}/${full.body.id}`))).toEqual(full.body);
    expect((await ok(org.api.get(INSIGHTS))).length).toBe(2);
    const patched = await ok(org.api.patch(`${INSIGHTS}/${full.body.id}`, { quotes: ['Only this'], interviewId: null }));
    expect(patched).toMatchObject({ quotes: ['Only this'], interviewId: null });
  });

  it('insights: bad input and foreign interviews are 400 with details and write nothing', async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const theirs = await ok(other.api.post(INTERVIEWS, { title: 'Theirs' }));
    for (const [body, field] of [
      [{ title: 'x' }, 'title'],
      [{ title: text(201) }, 'title'],
      [{ title: 'Quotes', quotes: [''] }, 'quotes'],
      [{ title: 'Quotes', quotes: 'one' }, 'quotes'],
      [{ title: 'Foreign', interviewId: theirs.id }, 'interviewId'],
      [{ title: 'Missing', interviewId: OTHER_UUID }, 'interviewId'],
    ] as const) {
      const response = await org.api.post(INSIGHTS, body);
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty([field]);
    }
    expect(await listCount(org.api, 'insights')).toBe(0);
    for (const title of [text(2), text(200)]) expect((await org.api.post(INSIGHTS, { title })).status).toBe(200);
  });

  it('opportunities link insights through insightIds, which must exist in the organization', async () => {
    const org = await createOrganization();
    const insight = await ok(org.api.post(INSIGHTS, { title: 'Evidence' }));
    const opp = await ok(org.api.post(`${API}/opportunities`, { title: 'Backed', insightIds: [insight.id] }));
    expect(opp.insightIds).toEqual([insight.id]);
    const missing = await org.api.patch(`${API}/opportunities/${opp.id}`, { insightIds: [insight.id, OTHER_UUID] });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toHaveProperty('insightIds');
    expect((await ok(org.api.get(`${API}/opportunities/${opp.id}`))).insightIds).toEqual([insight.id]);
    expect((await ok(org.api.patch(`${API}/opportunities/${opp.id}`, { insightIds: [] }))).insightIds).toEqual([]);
  });

  it.each([['interviews'], ['insights']])("%s/{id}: another organization's record is 404", async (path) => {
    const org = await createOrganization();
    const other = await createOrganization();
    const mine = await ok(org.api.post(`${API}/${path}`, { title: 'Mine' }));
    expect((await other.api.get(`${API}/${path}/${mine.id}`)).status).toBe(404);
    expect((await other.api.patch(`${API}/${path}/${mine.id}`, { title: 'Hijack' })).status).toBe(404);
    expect((await org.api.get(`${API}/${path}/${OTHER_UUID}`)).status).toBe(404);
    expect(await ok(org.api.get(`${API}/${path}/${mine.id}`))).toEqual(mine);
    expect(await listCount(other.api, path)).toBe(0);
  });
});
