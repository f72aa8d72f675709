import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { exportJwk, generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey, Like, Person } from '@fedify/fedify/vocab';
import { beforeAll, describe, inject, it } from 'vitest';
import { findUserByUsername } from '../domain/account/users';
import { handleStoryMessage } from '../domain/fediverse/delivery';
import { fediverse, fediverseData } from '../domain/fediverse/federation';
import { readStoryEvent, storyActivity, storyAuthor } from '../domain/fediverse/story-notes';
import { getDb } from '../platform/db';
import { contextLoader } from '../platform/fediverse-documents';
import { apiClient, blockPayload, createUser, type TestUser } from '../test/factories';

/**
 * `npm run bench:fediverse`: how fast one Worker isolate (one core) signs and delivers a story to
 * its fediverse followers' inboxes, against a loopback inbox (the stand-in site of the tests,
 * answering 202 to every POST and counting them); and how fast it takes signed Likes of a story
 * from accounts elsewhere (their actors served by the stand-in site). Figures printed, never
 * asserted.
 */
const inboxCount = Number(process.env.BENCH_INBOXES) || 1000;
const likeCount = Number(process.env.BENCH_LIKES) || 200;
const origin = 'http://up2.bench';
const site = inject('outsideSite');
let owner: TestUser;

const deliveriesSoFar = async () => Number(await (await fetch(`${site}/__hits/inbox`)).text());

async function seedFollowers(userId: number, from: number, to: number) {
  const db = getDb(env);
  const rows = [];
  for (let i = from; i < to; i++) {
    rows.push(
      env.DB.prepare(
        `INSERT INTO fediverse_followers (user_id, actor_id, follow_id, inbox, delivery_inbox, handle)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).bind(
        userId,
        `${site}/users/${i}`,
        `${site}/follows/${i}`,
        `${site}/inbox?server=${i}`,
        `${site}/inbox?server=${i}`,
        `@reader@server${i}.example`,
      ),
    );
  }
  await env.DB.batch(rows);
  return db;
}

beforeAll(async () => {
  await fetch(`${site}/__pages/inbox`, {
    method: 'PUT',
    body: JSON.stringify({ status: 202, body: '' }),
  });
  owner = await createUser();
  for (let from = 0; from < inboxCount; from += 500) {
    await seedFollowers(owner.id, from, Math.min(from + 500, inboxCount));
  }
}, 120_000);

async function waitForDeliveries(target: number, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await deliveriesSoFar()) >= target) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('fediverse delivery', () => {
  it(`signs and posts one story to ${inboxCount} inboxes`, { timeout: 600_000 }, async () => {
    const db = getDb(env);
    const block = await apiClient({ token: owner.token, origin }).blocks.$post({
      json: blockPayload({ title: 'The Design of Everyday Things', status: 'done' }),
    });
    if (block.status !== 201) throw new Error('no block');
    // The board's outbox starts after this story, so nothing else is sent while this bench measures.
    await env.DB.prepare(
      `INSERT INTO fediverse_outboxes (user_id, announced_up_to)
       SELECT ?, max(id) FROM block_story_events WHERE user_id = ?`,
    )
      .bind(owner.id, owner.id)
      .run();
    const user = await findUserByUsername(db, owner.username);
    if (!user) throw new Error('no user');
    const event = await env.DB.prepare(
      "SELECT id FROM block_story_events WHERE user_id = ? AND kind = 'finished'",
    )
      .bind(owner.id)
      .first<{ id: number }>();
    if (!event) throw new Error('no event');
    const federation = fediverse(env);
    const ctx = federation.createContext(new URL(origin), fediverseData(env, db));
    const actor = ctx.getActorUri(owner.username);
    const storyEvent = await readStoryEvent(db, owner.id, event.id);
    if (!storyEvent) throw new Error('no story');
    const author = await storyAuthor(db, user, { actor, followers: actor, board: actor });
    const activity = storyActivity(author, storyEvent);
    const keys = await ctx.getActorKeyPairs(owner.username);

    // What one queued delivery carries: the activity and the keys that sign it.
    const activityBytes = JSON.stringify(
      await activity.toJsonLd({ contextLoader: ctx.contextLoader }),
    ).length;
    const keyBytes = (
      await Promise.all(
        keys.map(async (key) => JSON.stringify(await exportJwk(key.privateKey)).length),
      )
    ).reduce((sum, bytes) => sum + bytes, 0);

    // 0. One RSA signature (each delivery's HTTP Signature) at 2048 and 4096 bits.
    const signMs = async (modulusLength: number) => {
      const pair = (await crypto.subtle.generateKey(
        {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        },
        false,
        ['sign', 'verify'],
      )) as CryptoKeyPair;
      const data = new TextEncoder().encode('(request-target): post /inbox');
      const start = performance.now();
      for (let i = 0; i < 50; i++)
        await crypto.subtle.sign('RSASSA-PKCS1-v1_5', pair.privateKey, data);
      return (performance.now() - start) / 50;
    };
    const [rsa2048, rsa4096] = [await signMs(2048), await signMs(4096)];

    // 1. Signing and posting alone, in this one isolate: Fedify's direct send to every inbox.
    const recipients = Array.from({ length: inboxCount }, (_, i) => ({
      id: new URL(`${site}/users/${i}`),
      inboxId: new URL(`${site}/inbox?server=${i}`),
    }));
    const before = await deliveriesSoFar();
    const directStart = performance.now();
    await ctx.sendActivity(keys, recipients, activity, { immediate: true });
    const directMs = performance.now() - directStart;
    const directDelivered = (await deliveriesSoFar()) - before;

    // 2. The whole path: the story message fans out a page of 100 inboxes at a time onto the
    // Queue, whose consumer (miniflare's, as in `npm run dev`) signs and posts each delivery.
    const queued = await deliveriesSoFar();
    const queueStart = performance.now();
    const batch = createMessageBatch('up2-fediverse', [
      {
        id: 'bench',
        timestamp: Date.now(),
        attempts: 1,
        body: { up2: 'deliver-story', userId: owner.id, eventId: event.id, origin, after: '' },
      },
    ]);
    const executionCtx = createExecutionContext();
    await handleStoryMessage(federation, fediverseData(env, db), batch.messages[0]?.body as never);
    await getQueueResult(batch, executionCtx);
    const arrived = await waitForDeliveries(queued + inboxCount, 540_000);
    const queueMs = performance.now() - queueStart;
    const queueDelivered = (await deliveriesSoFar()) - queued;

    console.log(
      [
        `Fediverse delivery of one story to ${inboxCount} inboxes on loopback (one workerd isolate):`,
        `  direct (sign + POST, no queue): ${directDelivered} in ${(directMs / 1000).toFixed(2)} s = ${(directDelivered / (directMs / 1000)).toFixed(0)} deliveries/s`,
        `  through the Queue (pages of 100, then one message per inbox): ${queueDelivered} in ${(queueMs / 1000).toFixed(2)} s = ${(queueDelivered / (queueMs / 1000)).toFixed(0)} deliveries/s${arrived ? '' : ' (timed out)'}`,
        `  one RSA signature: ${rsa2048.toFixed(2)} ms at 2048 bits, ${rsa4096.toFixed(2)} ms at 4096 bits`,
        `  one queued delivery carries ~${activityBytes + keyBytes} bytes (activity ${activityBytes}, private keys ${keyBytes})`,
        `  Queue messages per story: ${Math.ceil(inboxCount / 100)} page messages + ${inboxCount} deliveries`,
      ].join('\n'),
    );
  });
});

/** `count` accounts on the stand-in site, each with its own actor document and one shared key. */
async function remoteLikers(count: number) {
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const likers = [];
  for (let i = 0; i < count; i++) {
    const id = new URL(`${site}/bench-likers/${i}`);
    const keyId = new URL(`${id.href}#main-key`);
    const person = new Person({
      id,
      preferredUsername: `liker${i}`,
      inbox: new URL(`${site}/inbox`),
      publicKey: new CryptographicKey({ id: keyId, owner: id, publicKey: keys.publicKey }),
    });
    const body = JSON.stringify(await person.toJsonLd({ contextLoader }));
    await fetch(`${site}/__pages${id.pathname}`, {
      method: 'PUT',
      body: JSON.stringify({ headers: { 'content-type': 'application/activity+json' }, body }),
    });
    likers.push({ id, keyId });
  }
  return { likers, privateKey: keys.privateKey };
}

/** A new finished story of the owner's board, at its own address. */
async function newStory(title: string) {
  const created = await apiClient({ token: owner.token, origin }).blocks.$post({
    json: blockPayload({ title, status: 'done' }),
  });
  if (created.status !== 201) throw new Error('no block');
  const event = await env.DB.prepare(
    "SELECT max(id) AS id FROM block_story_events WHERE user_id = ? AND kind = 'finished'",
  )
    .bind(owner.id)
    .first<{ id: number }>();
  return { id: event?.id ?? 0, url: new URL(`/@${owner.username}/stories/${event?.id}`, origin) };
}

/**
 * Each account likes `story` (signed POSTs to the shared inbox, one at a time); answers how fast
 * the inbox answered and how fast every like was kept by the queue's consumer.
 */
async function likeOnce(
  story: { id: number; url: URL },
  { likers, privateKey }: Awaited<ReturnType<typeof remoteLikers>>,
) {
  const signedLikes = await Promise.all(
    likers.map(async (liker) => {
      const like = new Like({
        id: new URL(`${site}/likes/${crypto.randomUUID()}`),
        actor: liker.id,
        object: story.url,
      });
      const post = new Request(new URL('/fediverse/inbox', origin), {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify(await like.toJsonLd({ contextLoader })),
      });
      return signRequest(post, privateKey, liker.keyId);
    }),
  );
  const kept = async () =>
    (
      await env.DB.prepare('SELECT count(*) AS n FROM fediverse_interactions WHERE story_id = ?')
        .bind(story.id)
        .first<{ n: number }>()
    )?.n ?? 0;
  const start = performance.now();
  const statuses: Record<number, number> = {};
  for (const request of signedLikes) {
    const answer = await exports.default.fetch(request);
    await answer.body?.cancel();
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const answeredMs = performance.now() - start;
  while ((await kept()) < likers.length && performance.now() - start < 540_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const keptMs = performance.now() - start;
  const keptCount = await kept();
  const perSecond = (count: number, ms: number) => (count / (ms / 1000)).toFixed(1);
  return [
    `answered (verify + screen + queue): ${perSecond(likers.length, answeredMs)}/s (statuses ${JSON.stringify(statuses)})`,
    `handled to the end (kept, owner notified): ${keptCount} in ${(keptMs / 1000).toFixed(2)} s = ${perSecond(keptCount, keptMs)}/s`,
  ];
}

describe('fediverse inbox', () => {
  it(`takes signed Likes of a story from ${likeCount} accounts`, { timeout: 600_000 }, async () => {
    const accounts = await remoteLikers(likeCount);
    const firstTime = await likeOnce(await newStory('Piranesi'), accounts);
    const keysKnown = await likeOnce(await newStory('Jonathan Strange'), accounts);
    console.log(
      [
        `Fediverse inbox: signed Likes of one story from ${likeCount} accounts, one workerd isolate (one core):`,
        `  accounts new to us (each key and actor fetched once from loopback):`,
        ...firstTime.map((line) => `    ${line}`),
        `  the same accounts again (keys and actors cached in KV):`,
        ...keysKnown.map((line) => `    ${line}`),
      ].join('\n'),
    );
  });
});
