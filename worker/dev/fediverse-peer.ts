// A small ActivityPub server on loopback, built on Fedify like Up2 itself: the other side of the
// fediverse tests. It follows boards, undoes, deletes itself, and keeps every activity its inbox
// accepted (Fedify verified each one's signature first). Beside it, a relay puts the Worker under
// test on a loopback address the peer can reach: the peer's requests wait there until a test
// inside workerd takes them, answers them from the Worker and hands the answer back
// (worker/test/fediverse-relay.ts). The Worker tests start both once (vitest globalSetup).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFederation,
  generateCryptoKeyPair,
  type HttpMessageSignaturesSpec,
  MemoryKvStore,
  signRequest,
} from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Create,
  Delete,
  Endpoints,
  Flag,
  Follow,
  Image,
  Move,
  Person,
  Reject,
  Undo,
  Update,
} from '@fedify/fedify/vocab';
import { encode as encodePng } from 'fast-png';
import type { TestProject } from 'vitest/node';
import { type AnswerRequest, answerStory } from './fediverse-peer-answers';
import { startHttpSignaturePeer } from './http-signature-peer';

type Handler = (request: Request) => Promise<Response>;

/** The reader's picture, the icon their actor names: a 4 × 4 PNG. */
const readerPicture = new Uint8Array(
  encodePng({ width: 4, height: 4, data: new Uint8Array(48).fill(120), channels: 3 }),
);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function toRequest(request: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const body = ['GET', 'HEAD'].includes(request.method ?? 'GET')
    ? undefined
    : await readBody(request);
  return new Request(new URL(request.url ?? '/', origin), {
    method: request.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
}

async function send(response: Response, out: ServerResponse) {
  out.writeHead(response.status, Object.fromEntries(response.headers));
  out.end(Buffer.from(await response.arrayBuffer()));
}

async function listen(handler: Handler) {
  let origin = '';
  const server = createServer(async (incoming, out) => {
    try {
      await send(await handler(await toRequest(incoming, origin)), out);
    } catch (error) {
      out.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, close };
}

/** An activity the peer's inbox took, as the tests read it. */
export type ReceivedActivity = {
  type: string;
  id: string | null;
  actor: string | null;
  object: unknown;
  /** Which HTTP Signatures the delivery came with. */
  signature: 'rfc9421' | 'draft-cavage' | 'none';
  /** Who the delivering server said it was. */
  userAgent: string | null;
  /** The activity exactly as it was posted, with any terms this peer's vocabulary does not know. */
  posted: Record<string, unknown> | null;
  /** The delivery's `Collection-Synchronization` header (FEP-8fcf), if any. */
  collectionSynchronization: string | null;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * One peer server with the account `reader` (and as many more, `reader-1`, `reader-2`…, as a test
 * follows with), signing first with `firstKnock`.
 */
export async function startFediversePeer(firstKnock: HttpMessageSignaturesSpec) {
  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    allowPrivateAddress: true,
    firstKnock,
  });
  const keys = [
    await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
    await generateCryptoKeyPair('Ed25519'),
  ];
  const received: ReceivedActivity[] = [];
  // The accounts each of the peer's accounts says it also is (`alsoKnownAs`), as a test sets them.
  const aliases = new Map<string, string[]>();
  let lastSignature: ReceivedActivity['signature'] = 'none';
  let lastUserAgent: string | null = null;
  let lastPosted: ReceivedActivity['posted'] = null;
  // Each activity as posted, by its id: two posted at once are handled after both arrived.
  const postedById = new Map<string, NonNullable<ReceivedActivity['posted']>>();
  let lastCollectionSynchronization: string | null = null;

  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!/^reader(-\d+)?$/.test(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: 'Peer Reader',
        aliases: (aliases.get(identifier) ?? []).map((alias) => new URL(alias)),
        icon: new Image({ url: new URL('/avatar.png', ctx.origin) }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher(() => keys);

  const keep = async (activity: Activity) => {
    const body = (await activity.toJsonLd({ format: 'compact' })) as { object?: unknown };
    received.push({
      type: activity.constructor.name,
      id: activity.id?.href ?? null,
      actor: activity.actorId?.href ?? null,
      object: body.object ?? null,
      signature: lastSignature,
      userAgent: lastUserAgent,
      posted: postedById.get(activity.id?.href ?? '') ?? lastPosted,
      collectionSynchronization: lastCollectionSynchronization,
    });
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, (_ctx, activity) => keep(activity))
    .on(Reject, (_ctx, activity) => keep(activity))
    .on(Create, (_ctx, activity) => keep(activity))
    .on(Delete, (_ctx, activity) => keep(activity))
    .on(Undo, (_ctx, activity) => keep(activity))
    .on(Update, (_ctx, activity) => keep(activity))
    .on(Move, (_ctx, activity) => keep(activity));

  const follows = new Map<string, Follow>();
  let goneFetches = 0;
  const control = async (request: Request, origin: string): Promise<Response> => {
    const ctx = federation.createContext(new URL(origin), undefined);
    const me = { identifier: 'reader' };
    const url = new URL(request.url);
    if (url.pathname === '/__peer/received') return json(received);
    if (url.pathname === '/__peer/gone-fetches') return json(goneFetches);
    if (url.pathname === '/__peer/also-known-as') {
      const body = (await request.json()) as { as: string; aliases: string[] };
      aliases.set(body.as, body.aliases);
      return json({ aliases: body.aliases });
    }
    if (url.pathname === '/__peer/signed-get') {
      // A GET signed as `reader`, as a server fetches what only it may read.
      const { url: address } = (await request.json()) as { url: string };
      const answer = await fetch(
        await signRequest(
          new Request(address, { headers: { accept: 'application/activity+json' } }),
          (await ctx.getActorKeyPairs('reader'))[0]?.privateKey as CryptoKey,
          new URL(`${ctx.getActorUri('reader').href}#main-key`),
        ),
      );
      return json({ status: answer.status, body: answer.ok ? await answer.json() : null });
    }
    const {
      actor: target,
      as = 'reader',
      ...asked
    } = (await request.json()) as { actor: string; as?: string } & AnswerRequest;
    const board = await ctx.lookupObject(target);
    if (!(board instanceof Person) || !board.id) return json({ error: 'not an actor' }, 404);
    const recipient = board;
    const answered = await answerStory(
      ctx,
      url.pathname.slice('/__peer/'.length),
      board,
      as,
      asked,
    );
    if (answered) return json(answered);
    if (url.pathname === '/__peer/follow') {
      const follow = new Follow({
        id: new URL(`/follows/${randomUUID()}`, origin),
        actor: ctx.getActorUri(as),
        object: board.id,
      });
      if (as === 'reader') follows.set(board.id.href, follow);
      await ctx.sendActivity({ identifier: as }, recipient, follow);
      return json({ follow: follow.id?.href });
    }
    if (url.pathname === '/__peer/follow-embedded') {
      // As some servers send it (not Fedify, which sends the actor's id): the actor embedded
      // without its inbox, no integrity proof, signed by a draft-cavage HTTP signature alone.
      const [rsa] = await ctx.getActorKeyPairs('reader');
      if (!rsa || !board.inboxId) return json({ error: 'no key or no inbox' }, 500);
      const id = new URL(`/follows/${randomUUID()}`, origin).href;
      const follow = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id,
        type: 'Follow',
        actor: { id: ctx.getActorUri('reader').href, type: 'Person', preferredUsername: 'reader' },
        object: board.id.href,
      };
      const post = new Request(board.inboxId, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify(follow),
      });
      const answer = await fetch(await signRequest(post, rsa.privateKey, rsa.keyId));
      return json({ follow: id, status: answer.status });
    }
    if (url.pathname === '/__peer/undo') {
      const follow = follows.get(board.id.href);
      if (!follow) return json({ error: 'not following' }, 409);
      await ctx.sendActivity(
        me,
        recipient,
        new Undo({
          id: new URL(`/undos/${randomUUID()}`, origin),
          actor: ctx.getActorUri('reader'),
          object: follow,
        }),
      );
      return json({ undone: true });
    }
    if (url.pathname === '/__peer/undo-gone') {
      // An Undo of a follow this server no longer has: fetching it answers 410 Gone.
      await ctx.sendActivity(
        me,
        recipient,
        new Undo({
          id: new URL(`/undos/${randomUUID()}`, origin),
          actor: ctx.getActorUri('reader'),
          object: new URL(`/gone/${randomUUID()}`, origin),
        }),
      );
      return json({ undone: true });
    }
    if (url.pathname === '/__peer/flag') {
      // A report of the board, as Mastodon forwards one to the reported account's server.
      await ctx.sendActivity(
        me,
        recipient,
        new Flag({
          id: new URL(`/flags/${randomUUID()}`, origin),
          actor: ctx.getActorUri('reader'),
          objects: [board.id],
          content: 'Spam from this account',
        }),
      );
      return json({ flagged: true });
    }
    if (url.pathname === '/__peer/move') {
      // The account `as` moves to the board, as Mastodon sends it to the new account's server.
      const mover = ctx.getActorUri(as);
      await ctx.sendActivity(
        { identifier: as },
        recipient,
        new Move({
          id: new URL(`/moves/${randomUUID()}`, origin),
          actor: mover,
          object: mover,
          target: board.id,
        }),
      );
      return json({ moved: true });
    }
    if (url.pathname === '/__peer/delete-self') {
      await ctx.sendActivity(
        me,
        recipient,
        new Delete({
          id: new URL(`/deletes/${randomUUID()}`, origin),
          actor: ctx.getActorUri('reader'),
          object: ctx.getActorUri('reader'),
        }),
      );
      return json({ deleted: true });
    }
    return json({ error: 'unknown' }, 404);
  };

  let peerOrigin = '';
  const server = await listen(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/__peer/')) return control(request, peerOrigin);
    if (pathname.startsWith('/gone/')) {
      goneFetches += 1;
      return new Response('Gone', { status: 410 });
    }
    if (pathname === '/avatar.png') {
      return new Response(readerPicture, { headers: { 'content-type': 'image/png' } });
    }
    if (request.method === 'POST') {
      lastSignature = request.headers.has('signature-input')
        ? 'rfc9421'
        : request.headers.has('signature')
          ? 'draft-cavage'
          : 'none';
      lastUserAgent = request.headers.get('user-agent');
      lastCollectionSynchronization = request.headers.get('collection-synchronization');
      lastPosted = JSON.parse(await request.clone().text());
      if (typeof lastPosted?.id === 'string') postedById.set(lastPosted.id, lastPosted);
    }
    return federation.fetch(request, { contextData: undefined });
  });
  peerOrigin = server.origin;
  return { origin: server.origin, actor: `${server.origin}/users/reader`, close: server.close };
}

type RelayedRequest = {
  id: string;
  method: string;
  path: string;
  headers: [string, string][];
  body: string | null;
};
type RelayedAnswer = { status: number; headers: [string, string][]; body: string };

/**
 * A loopback address for the Worker under test: each request waits here until a test takes it
 * (`GET /__relay/next`, held open a few seconds) and posts its answer back (`/__relay/answer/ID`).
 * The relay also notes how every POST was signed, for the tests to check.
 */
export async function startWorkerRelay() {
  const waiting: RelayedRequest[] = [];
  const takers: ((request: RelayedRequest) => void)[] = [];
  const answers = new Map<string, (answer: RelayedAnswer) => void>();
  const posts: { path: string; signature: ReceivedActivity['signature']; status: number }[] = [];

  const handOut = (request: RelayedRequest) => {
    const taker = takers.shift();
    if (taker) taker(request);
    else waiting.push(request);
  };

  const server = await listen(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/__relay/next') {
      const next =
        waiting.shift() ??
        (await new Promise<RelayedRequest | null>((resolve) => {
          const taker = (relayed: RelayedRequest) => {
            clearTimeout(timer);
            resolve(relayed);
          };
          const timer = setTimeout(() => {
            takers.splice(takers.indexOf(taker), 1);
            resolve(null);
          }, 5000);
          timer.unref();
          takers.push(taker);
        }));
      return next ? json(next) : new Response(null, { status: 204 });
    }
    if (url.pathname.startsWith('/__relay/answer/')) {
      const answer = (await request.json()) as RelayedAnswer;
      answers.get(url.pathname.slice('/__relay/answer/'.length))?.(answer);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/__relay/posts') return json(posts);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const id = randomUUID();
    const answered = new Promise<RelayedAnswer | null>((resolve) => {
      answers.set(id, resolve);
      setTimeout(() => resolve(null), 20_000).unref();
    });
    handOut({
      id,
      method: request.method,
      path: url.pathname + url.search,
      headers: [...request.headers],
      body,
    });
    const answer = await answered;
    answers.delete(id);
    if (!answer) return new Response('No test took the request.', { status: 504 });
    if (request.method === 'POST') {
      posts.push({
        path: url.pathname,
        status: answer.status,
        signature: request.headers.has('signature-input')
          ? 'rfc9421'
          : request.headers.has('signature')
            ? 'draft-cavage'
            : 'none',
      });
    }
    return new Response(
      answer.status === 204 || answer.status === 304 ? null : Buffer.from(answer.body, 'base64'),
      {
        status: answer.status,
        headers: answer.headers,
      },
    );
  });
  return server;
}

/**
 * vitest globalSetup: the relay and two peers, one signing first with RFC 9421 and one with
 * draft-cavage, and a peer that signs with another project's library (./http-signature-peer.ts),
 * given to tests as `inject('fediverse')`.
 */
export default async function setup(project: TestProject) {
  const relay = await startWorkerRelay();
  const rfc9421 = await startFediversePeer('rfc9421');
  const cavage = await startFediversePeer('draft-cavage-http-signatures-12');
  const peertube = await startHttpSignaturePeer();
  project.provide('fediverse', {
    relay: relay.origin,
    peers: {
      rfc9421: { origin: rfc9421.origin, actor: rfc9421.actor },
      cavage: { origin: cavage.origin, actor: cavage.actor },
    },
    httpSignaturePeer: { origin: peertube.origin, actor: peertube.actor },
  });
  return async () => {
    await Promise.all([relay.close(), rfc9421.close(), cavage.close(), peertube.close()]);
  };
}
