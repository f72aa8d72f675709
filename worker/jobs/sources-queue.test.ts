import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { OutsidePage } from '../dev/outside-site';
import { slotsDueAt } from '../domain/sources/schedule';
import worker from '../index';
import { feedHostBurst } from '../objects/feed-host-gate';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../test/factories';
import { goodreadsShelf } from '../test/fixtures/feeds';
import { outsideSite, serveAt } from '../test/outside-site';
import { recordingDatabase } from '../test/recording-database';
import type { SourcesMessage } from './sources-queue';

const shelf = (shelfOf: 'to-read' | 'read', title = 'Dune') =>
  goodreadsShelf('%23ALL%23', [{ id: '234225', title, author: 'Frank Herbert', shelf: shelfOf }]);

async function feedAt(body: string, more: Partial<OutsidePage> = {}) {
  const path = `/${uniqueName('queued')}`;
  const page = (text: string) => ({
    headers: { 'content-type': 'application/rss+xml' },
    body: text,
    ...more,
  });
  const url = await serveAt(path, page(body));
  return { url, path, serveAgain: (text: string) => serveAt(path, page(text)) };
}

async function connect(user: TestUser, url: string) {
  const answer = await readJson(apiClient({ token: user.token }).sources.$post({ json: { url } }));
  expectStatus(answer, 201);
  return answer.body.source;
}

/** The queue's messages that `send` and `sendBatch` were given, through a stand-in producer. */
function sentMessages() {
  const sent: SourcesMessage[] = [];
  const queue = {
    send: async (body: SourcesMessage) => {
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<{ body: SourcesMessage }>) => {
      for (const { body } of messages) sent.push(body);
    },
  };
  return { sent, queue: queue as unknown as Queue };
}

/** Runs the Worker's queue handler on these messages, as the queue would deliver them. */
async function deliver(messages: SourcesMessage[], workerEnv: Env = env) {
  const batch = createMessageBatch<SourcesMessage>(
    'up2-sources',
    messages.map((body, index) => ({ id: `m${index}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, workerEnv, ctx);
  return getQueueResult(batch, ctx);
}

type SourceRest = { slot: number; pausedBy: 'owner' | null; notBefore: number | null };

/** A source row as the slot finds it, written straight to D1: no feed is read to add it. */
async function insertSource(owner: TestUser, url: string, rest: Partial<SourceRest> = {}) {
  const { slot = 0, pausedBy = null, notBefore = null } = rest;
  const row = await env.DB.prepare(
    `INSERT INTO sources (user_id, url, kind, title, slot, paused_by, not_before)
    VALUES (?, ?, 'feed', 'x', ?, ?, ?) RETURNING id`,
  )
    .bind(owner.id, url, slot, pausedBy, notBefore)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

/** The headers of each request the stand-in site received at `path`, oldest first. */
async function requestsAt(path: string) {
  const answer = await fetch(`${outsideSite}/__requests${path}`);
  return (await answer.json()) as Record<string, string>[];
}

const boardVersion = (user: TestUser) =>
  env.COUNTERS.get(`board-version:${user.username.toLowerCase()}`);

const isWrite = (sql: string) => /^\s*(insert|update|delete|replace)\b/i.test(sql);

describe('the sources schedule', () => {
  it("sends the minute's 16 slots to the queue, whatever the number of sources", async () => {
    const { sent, queue } = sentMessages();
    const ctx = createExecutionContext();
    const before = Date.now();
    await worker.scheduled(
      createScheduledController({ cron: '* * * * *' }),
      { ...env, SOURCES_QUEUE: queue },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const slots = sent.map((message) => (message.kind === 'slot' ? message.slot : -1));
    expect(slots).toHaveLength(16);
    expect([slotsDueAt(before), slotsDueAt(Date.now())]).toContainEqual(slots);
  });

  it("sends checks of a slot's due sources (not paused, not resting), 20 of one host a message", async () => {
    // Two boards: one board takes at most 20 sources.
    const owners = [await createUser(), await createUser()];
    const slot = 477;
    let added = 0;
    const insert = (url: string, rest: Partial<SourceRest> = {}) =>
      insertSource(owners[added++ % 2] as TestUser, url, { slot, ...rest });
    const due: number[] = [];
    for (let n = 0; n < 22; n++) due.push(await insert(`${outsideSite}/${uniqueName('due')}`));
    const elsewhere = await insert(`http://feeds.example.org/${uniqueName('due')}`);
    await insert(`${outsideSite}/${uniqueName('paused')}`, { pausedBy: 'owner' });
    await insert(`${outsideSite}/${uniqueName('resting')}`, { notBefore: Date.now() + 3_600_000 });
    const checksSent = async () => {
      const { sent, queue } = sentMessages();
      const result = await deliver([{ kind: 'slot', slot }], { ...env, SOURCES_QUEUE: queue });
      expect(result.ackAll).toBe(true);
      return sent.flatMap((message) => (message.kind === 'check' ? [message.sourceIds] : []));
    };
    const checks = await checksSent();
    expect(checks.map((ids) => ids.length)).toEqual([20, 2, 1]);
    expect(checks.slice(0, 2).flat().toSorted()).toEqual(due.toSorted());
    expect(checks[2]).toEqual([elsewhere]);
    // In another order the next time: a busy host's gate turns other sources away each cycle.
    expect((await checksSent()).flat()).not.toEqual(checks.flat());
  });
});

describe('the sources consumer', () => {
  it("moves a block when its book changes shelf, and the board changes consumer bumps the board's version", async () => {
    const user = await createUser();
    const feed = await feedAt(shelf('to-read'));
    const source = await connect(user, feed.url);
    await feed.serveAgain(shelf('read'));
    const versionBefore = await boardVersion(user);
    const result = await deliver([{ kind: 'check', sourceIds: [source.id] }]);
    expect(result.ackAll).toBe(true);
    const blocks = await readJson(apiClient({ token: user.token }).blocks.me.$get());
    expectStatus(blocks, 200);
    expect(blocks.body.blocks[0]).toMatchObject({ status: 'done', progress: 100 });
    // Heard from the board changes queue, not done by the sources consumer.
    await expect.poll(() => boardVersion(user), { timeout: 10_000 }).not.toBe(versionBefore);
    expect(await boardVersion(user)).not.toBeNull();
  });

  it('writes nothing to D1 for a check that finds nothing new: a 304, or the same feed again', async () => {
    const user = await createUser();
    const tagged = await feedAt(shelf('to-read'), { etag: '"same"' });
    const untagged = await feedAt(shelf('to-read', 'The Hobbit'));
    const first = await connect(user, tagged.url);
    const second = await connect(user, untagged.url);
    const recording = recordingDatabase();
    const result = await deliver(
      [{ kind: 'check', sourceIds: [first.id, second.id] }],
      recording.env as Env,
    );
    expect(result.ackAll).toBe(true);
    expect(recording.statements.length).toBeGreaterThan(0);
    expect(recording.statements.filter(({ sql }) => isWrite(sql))).toEqual([]);
    const requests = await requestsAt(tagged.path);
    expect(requests.at(-1)?.['if-none-match']).toBe('"same"');
  });

  it('asks one host at most two feeds at once', async () => {
    const user = await createUser();
    const stallMs = 400;
    const feeds = await Promise.all(
      Array.from({ length: 5 }, () => feedAt(shelf('to-read'), { stallMs: 0 })),
    );
    const ids: number[] = [];
    for (const feed of feeds) ids.push((await connect(user, feed.url)).id);
    await Promise.all(
      feeds.map((feed) =>
        serveAt(feed.path, {
          headers: { 'content-type': 'application/rss+xml' },
          body: shelf('read'),
          stallMs,
        }),
      ),
    );
    const started = Date.now();
    await deliver([{ kind: 'check', sourceIds: ids }]);
    // Five checks, two at a time: three rounds of the server's delay at least (one would be ~400 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * stallMs);
  });

  it('asks one host no faster than its gate allows, however many invocations check it at once', async () => {
    const owners = await Promise.all([createUser(), createUser(), createUser()]);
    const feeds = await Promise.all(Array.from({ length: 30 }, () => feedAt(shelf('to-read'))));
    const messages = await Promise.all(
      owners.map(async (owner, n) => ({
        kind: 'check' as const,
        sourceIds: await Promise.all(
          feeds.slice(n * 10, (n + 1) * 10).map((feed) => insertSource(owner, feed.url)),
        ),
      })),
    );
    const started = Date.now();
    const results = await Promise.all(messages.map((message) => deliver([message])));
    const seconds = (Date.now() - started) / 1000;
    expect(results.every((result) => result.ackAll)).toBe(true);
    const asked = (await Promise.all(feeds.map((feed) => requestsAt(feed.path)))).flat().length;
    // A full gate lets one burst through, then refills at the tests' rate of one a second.
    const perSecond = Number(env.SOURCE_HOST_CHECKS_PER_MINUTE) / 60;
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(feedHostBurst + Math.ceil(seconds * perSecond));
    expect(asked).toBeLessThan(feeds.length);
  });
});
