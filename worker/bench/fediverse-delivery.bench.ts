import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { exportJwk } from '@fedify/fedify';
import { beforeAll, describe, inject, it } from 'vitest';
import { findUserByUsername } from '../domain/account/users';
import { handleStoryMessage } from '../domain/fediverse/delivery';
import { fediverse, fediverseData } from '../domain/fediverse/federation';
import { readStoryEvent, storyActivity, storyAuthor } from '../domain/fediverse/story-notes';
import { getDb } from '../platform/db';
import { apiClient, blockPayload, createUser, type TestUser } from '../test/factories';

/**
 * `npm run bench:fediverse`: how fast one Worker isolate (one core) signs and delivers a story to
 * its fediverse followers' inboxes, against a loopback inbox (the stand-in site of the tests,
 * answering 202 to every POST and counting them). Figures printed, never asserted.
 */
const inboxCount = Number(process.env.BENCH_INBOXES) || 1000;
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
