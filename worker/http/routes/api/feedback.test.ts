import { env } from 'cloudflare:workers';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import {
  type ApiClient,
  adminUser,
  apiClient,
  createUser,
  expectStatus,
  offContract,
  readJson,
  uniqueName,
} from '../../../test/factories';

type FeedbackInput = InferRequestType<ApiClient['feedback']['$post']>['json'];

function feedbackPayload(overrides: Partial<FeedbackInput> = {}) {
  return {
    type: 'bug',
    title: `Broken ${uniqueName('t')}`,
    description: 'The save button does nothing when I click it.',
    email: null,
    userId: null,
    ...overrides,
  } satisfies FeedbackInput;
}

async function postFeedback(overrides: Partial<FeedbackInput> = {}, token?: string) {
  const response = await readJson(
    apiClient({ token }).feedback.$post({ json: feedbackPayload(overrides) }),
  );
  if (response.status !== 201) throw new Error(`feedback failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function storedFeedback(id: number) {
  return env.DB.prepare('SELECT * FROM feedback WHERE id = ?')
    .bind(id)
    .first<Record<string, string | number | null>>();
}

function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `192.0.${octet()}.${octet()}`;
}

describe('POST /api/feedback', () => {
  it('lets a signed-out visitor post: 201, status new, priority medium, no user', async () => {
    const payload = feedbackPayload({ type: 'improvement' });
    const response = await readJson(apiClient().feedback.$post({ json: payload }));
    expectStatus(response, 201);
    expect(response.body).toMatchObject({
      id: expect.any(Number),
      type: 'improvement',
      title: payload.title,
      description: payload.description,
      email: null,
      userId: null,
      status: 'new',
      priority: 'medium',
      createdAt: expect.any(String),
    });
    expect(await storedFeedback(response.body.id)).toMatchObject({
      title: payload.title,
      status: 'new',
      priority: 'medium',
      user_id: null,
    });
  });

  it('defaults the type to feature when it is omitted', async () => {
    const { type: _omitted, ...payload } = feedbackPayload();
    const response = await readJson(apiClient().feedback.$post({ json: payload }));
    expectStatus(response, 201);
    expect(response.body.type).toBe('feature');
  });

  it('ignores a userId sent by a signed-out visitor and stores null', async () => {
    const someone = await createUser();
    const response = await readJson(
      apiClient().feedback.$post({ json: feedbackPayload({ userId: someone.id }) }),
    );
    expectStatus(response, 201);
    expect(response.body.userId).toBeNull();
    expect((await storedFeedback(response.body.id))?.user_id).toBeNull();
  });

  it("takes the user from the token, not from the body's userId", async () => {
    const author = await createUser();
    const someoneElse = await createUser();
    const response = await readJson(
      apiClient({ token: author.token }).feedback.$post({
        json: feedbackPayload({ userId: someoneElse.id }),
      }),
    );
    expectStatus(response, 201);
    expect(response.body.userId).toBe(author.id);
    expect((await storedFeedback(response.body.id))?.user_id).toBe(author.id);
  });

  it('attaches the signed-in user when the body carries no userId', async () => {
    const author = await createUser();
    const { userId: _omitted, ...payload } = feedbackPayload();
    const response = await readJson(
      apiClient({ token: author.token }).feedback.$post({ json: payload }),
    );
    expectStatus(response, 201);
    expect(response.body.userId).toBe(author.id);
  });

  it.each([
    {
      field: 'title',
      problem: '2 characters',
      value: 'ab',
      message: 'Title must be at least 3 characters',
    },
    {
      field: 'title',
      problem: '2 characters inside spaces',
      value: '   ab   ',
      message: 'Title must be at least 3 characters',
    },
    {
      field: 'title',
      problem: 'missing',
      value: undefined,
      message: 'Title must be at least 3 characters',
    },
    {
      field: 'title',
      problem: '101 characters',
      value: 'x'.repeat(101),
      message: 'Title too long',
    },
    {
      field: 'description',
      problem: '9 characters',
      value: 'too short',
      message: 'Please provide more details (at least 10 characters)',
    },
    {
      field: 'description',
      problem: '1001 characters',
      value: 'x'.repeat(1001),
      message: 'Description too long',
    },
    { field: 'email', problem: 'not an address', value: 'not-an-email', message: 'Invalid email' },
    {
      field: 'type',
      problem: 'not a known type',
      value: 'spam',
      message: 'Type must be feature, bug, improvement or other.',
    },
  ])('refuses a $field that is $problem with 400 "$message"', async ({ field, value, message }) => {
    const response = await readJson(
      apiClient().feedback.$post({ json: offContract({ ...feedbackPayload(), [field]: value }) }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe(message);
    expect(response.body.fields?.[field]).toBe(message);
  });

  it('accepts a title of 100 and a description of 1000 characters', async () => {
    const response = await readJson(
      apiClient().feedback.$post({
        json: feedbackPayload({ title: 't'.repeat(100), description: 'd'.repeat(1000) }),
      }),
    );
    expectStatus(response, 201);
  });

  it.each(['', null])('stores the email %j as null', async (email) => {
    const created = await postFeedback({ email });
    expect(created.email).toBeNull();
    expect((await storedFeedback(created.id))?.email).toBeNull();
  });

  it('stores a valid email lower-cased', async () => {
    const created = await postFeedback({ email: 'Reader@Example.COM' });
    expect((await storedFeedback(created.id))?.email).toBe('reader@example.com');
  });

  it('refuses fields the client may not set (status, priority) with 400', async () => {
    const response = await readJson(
      apiClient().feedback.$post({
        json: offContract({ ...feedbackPayload(), status: 'completed', priority: 'high' }),
      }),
    );
    expectStatus(response, 400);
  });

  it('limits posts from one address: 429 with Retry-After after 5 a minute', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await apiClient({ ip }).feedback.$post({ json: feedbackPayload() });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const elsewhere = await apiClient({ ip: randomIp() }).feedback.$post({
      json: feedbackPayload(),
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe('GET /api/feedback', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const response = await readJson(apiClient().feedback.$get({ query: {} }));
    expectStatus(response, 401);
    expect(typeof response.body.error).toBe('string');
  });

  it('refuses a signed-in user who is not the admin with 403', async () => {
    const user = await createUser();
    const response = await readJson(apiClient({ token: user.token }).feedback.$get({ query: {} }));
    expectStatus(response, 403);
    expect(response.body).toEqual({ error: "You don't have permission to access this page" });
  });

  it('lists every item, newest first, for the admin', async () => {
    const author = await createUser();
    const older = await postFeedback({}, author.token);
    const newer = await postFeedback({ email: 'a@example.com' });
    const owner = await adminUser();
    const response = await readJson(apiClient({ token: owner.token }).feedback.$get({ query: {} }));
    expectStatus(response, 200);
    expect(Array.isArray(response.body)).toBe(true);
    const ids = response.body.map((item: { id: number }) => item.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const listed = response.body.find((item: { id: number }) => item.id === older.id);
    expect(listed).toMatchObject({ userId: author.id, status: 'new', priority: 'medium' });
  });

  it("names each item's author by username, and a signed-out author as null", async () => {
    const author = await createUser();
    const signedIn = await postFeedback({}, author.token);
    const anonymous = await postFeedback();
    const owner = await adminUser();
    const response = await readJson(apiClient({ token: owner.token }).feedback.$get({ query: {} }));
    expectStatus(response, 200);
    const byId = new Map(response.body.map((item) => [item.id, item]));
    expect(byId.get(signedIn.id)?.username).toBe(author.username);
    expect(byId.get(anonymous.id)?.username).toBeNull();
  });

  it('lists only the items of the status and type asked for', async () => {
    const owner = await adminUser();
    const admin = apiClient({ token: owner.token });
    const bug = await postFeedback({ type: 'bug' });
    const idea = await postFeedback({ type: 'feature' });
    const plannedBug = await postFeedback({ type: 'bug' });
    await admin.feedback[':id'].$patch({
      param: { id: String(plannedBug.id) },
      json: { status: 'planned' },
    });

    const newBugs = await readJson(admin.feedback.$get({ query: { status: 'new', type: 'bug' } }));
    expectStatus(newBugs, 200);
    const newBugIds = newBugs.body.map((item) => item.id);
    expect(newBugIds).toContain(bug.id);
    expect(newBugIds).not.toContain(idea.id);
    expect(newBugIds).not.toContain(plannedBug.id);
    expect(newBugs.body.every((item) => item.status === 'new' && item.type === 'bug')).toBe(true);

    const planned = await readJson(admin.feedback.$get({ query: { status: 'planned' } }));
    expectStatus(planned, 200);
    expect(planned.body.map((item) => item.id)).toContain(plannedBug.id);
    expect(planned.body.every((item) => item.status === 'planned')).toBe(true);
  });

  it('refuses an unknown status or type filter with 400 and a message naming the values', async () => {
    const owner = await adminUser();
    const admin = apiClient({ token: owner.token });
    const badStatus = await readJson(
      admin.feedback.$get({ query: offContract<{ status: 'new' }>({ status: 'done' }) }),
    );
    expectStatus(badStatus, 400);
    expect(badStatus.body).toEqual({
      error: 'Status filter must be new, reviewed, planned, completed or rejected.',
      fields: { status: 'Status filter must be new, reviewed, planned, completed or rejected.' },
    });
    const badType = await readJson(
      admin.feedback.$get({ query: offContract<{ type: 'bug' }>({ type: 'praise' }) }),
    );
    expectStatus(badType, 400);
    expect(badType.body.error).toBe('Type filter must be feature, bug, improvement or other.');
  });

  it('checks the admin right before the filters: a bad filter from another user is 403', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).feedback.$get({
        query: offContract<{ status: 'new' }>({ status: 'done' }),
      }),
    );
    expectStatus(response, 403);
  });
});

describe('PATCH /api/feedback/:id', () => {
  it('refuses a signed-out visitor with 401 and changes nothing', async () => {
    const item = await postFeedback();
    const response = await readJson(
      apiClient().feedback[':id'].$patch({
        param: { id: String(item.id) },
        json: { status: 'planned' },
      }),
    );
    expectStatus(response, 401);
    expect((await storedFeedback(item.id))?.status).toBe('new');
  });

  it('refuses a signed-in user who is not the admin with 403 and changes nothing', async () => {
    const user = await createUser();
    const item = await postFeedback({}, user.token);
    const response = await readJson(
      apiClient({ token: user.token }).feedback[':id'].$patch({
        param: { id: String(item.id) },
        json: { status: 'planned' },
      }),
    );
    expectStatus(response, 403);
    expect((await storedFeedback(item.id))?.status).toBe('new');
  });

  it('lets the admin set the status', async () => {
    const item = await postFeedback();
    const owner = await adminUser();
    const response = await readJson(
      apiClient({ token: owner.token }).feedback[':id'].$patch({
        param: { id: String(item.id) },
        json: { status: 'planned' },
      }),
    );
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ id: item.id, status: 'planned', priority: 'medium' });
    expect((await storedFeedback(item.id))?.status).toBe('planned');
  });

  it('lets the admin set the priority without touching the status', async () => {
    const item = await postFeedback();
    const owner = await adminUser();
    const response = await readJson(
      apiClient({ token: owner.token }).feedback[':id'].$patch({
        param: { id: String(item.id) },
        json: { priority: 'high' },
      }),
    );
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ status: 'new', priority: 'high' });
    expect(await storedFeedback(item.id)).toMatchObject({ status: 'new', priority: 'high' });
  });

  it.each([
    {
      body: { status: 'done' },
      message: 'Status must be new, reviewed, planned, completed or rejected.',
    },
    { body: { priority: 'urgent' }, message: 'Priority must be low, medium or high.' },
    { body: {}, message: 'Send a status or a priority to change.' },
  ])('refuses $body with 400 "$message"', async ({ body, message }) => {
    const item = await postFeedback();
    const owner = await adminUser();
    const response = await readJson(
      apiClient({ token: owner.token }).feedback[':id'].$patch({
        param: { id: String(item.id) },
        json: offContract(body),
      }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe(message);
    expect(await storedFeedback(item.id)).toMatchObject({ status: 'new', priority: 'medium' });
  });

  it('refuses a request with no body at all with 400', async () => {
    const item = await postFeedback();
    const owner = await adminUser();
    const response = await readJson(
      apiClient({ token: owner.token }).feedback[':id'].$patch(
        offContract({ param: { id: String(item.id) } }),
      ),
    );
    expectStatus(response, 400);
    expect(typeof response.body.error).toBe('string');
  });

  it('refuses fields other than status and priority with 400', async () => {
    const item = await postFeedback();
    const owner = await adminUser();
    const response = await readJson(
      apiClient({ token: owner.token }).feedback[':id'].$patch({
        param: { id: String(item.id) },
        json: offContract({ title: 'Rewritten title' }),
      }),
    );
    expectStatus(response, 400);
    expect((await storedFeedback(item.id))?.title).toBe(item.title);
  });

  it('answers 404 for an id that does not exist', async () => {
    const owner = await adminUser();
    const response = await readJson(
      apiClient({ token: owner.token }).feedback[':id'].$patch({
        param: { id: '2000000000' },
        json: { status: 'reviewed' },
      }),
    );
    expectStatus(response, 404);
    expect(response.body).toEqual({ error: 'This feedback does not exist.' });
  });
});
