// A fediverse server on loopback that shares no code with Up2: its HTTP signatures are made and
// checked by @peertube/http-signature, the library PeerTube checks its inbox with (and Misskey
// did for years), Joyent's reference implementation of draft-cavage underneath. It knows no
// RFC 9421. Its actor and its Follows are written as Mastodon writes them: signed over
// (request-target) host date digest content-type with rsa-sha256, the body's SHA-256 in Digest.
// Every POST to its inbox is checked as PeerTube checks one: the library parses the signature
// (the four headers signed, the Date within 30 minutes) and verifies it with the key its keyId
// names, the key's owner must be the activity's actor, and Digest must be the body's own.
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import httpSignature from '@peertube/http-signature';

const activityJson = 'application/activity+json';
/** What PeerTube requires a delivery to have signed. */
const requiredSignedHeaders = ['(request-target)', 'host', 'date', 'digest'];

/** How this peer spoils a Follow, for the tests of what Up2 refuses. */
export type FollowSpoiler = 'body' | 'digest' | 'key' | 'date';

/** A POST to this peer's inbox, and what checking its signature found. */
export type SignedDelivery = {
  path: string;
  scheme: 'rfc9421' | 'draft-cavage' | 'none';
  /** Why the signature was refused; null once it verified. */
  refused: string | null;
  algorithm: string | null;
  signedHeaders: string[];
  activity: { type: string; actor: string; object: unknown };
};

const rsaKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const digestOf = (body: string) => `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function schemeOf(request: IncomingMessage): SignedDelivery['scheme'] {
  if (request.headers['signature-input']) return 'rfc9421';
  return request.headers.signature ? 'draft-cavage' : 'none';
}

/** The public key a keyId names, from the document at its address, as PeerTube looks it up. */
async function publicKeyOf(keyId: string) {
  const answer = await fetch(new URL(keyId).href.replace(/#.*$/, ''), {
    headers: { accept: activityJson },
  });
  if (!answer.ok) return null;
  const document = (await answer.json()) as { publicKey?: unknown };
  const keys = [document.publicKey ?? []].flat() as {
    id?: string;
    owner?: string;
    publicKeyPem?: string;
  }[];
  return keys.find((key) => key.id === keyId) ?? null;
}

/** Why a delivery's signature fails the checks PeerTube makes, or null when it passes them. */
async function refusalOf(request: IncomingMessage, body: string, actor: string) {
  let parsed: ReturnType<typeof httpSignature.parseRequest>;
  try {
    parsed = httpSignature.parseRequest(request, {
      authorizationHeaderName: 'signature',
      headers: requiredSignedHeaders,
      clockSkew: 1800,
    });
  } catch (error) {
    return { parsed: null, refused: `unreadable: ${(error as Error).message}` };
  }
  const key = await publicKeyOf(parsed.keyId);
  if (!key?.publicKeyPem) return { parsed, refused: `no key at ${parsed.keyId}` };
  if (key.owner !== actor) return { parsed, refused: `the key is ${key.owner}'s, not ${actor}'s` };
  if (!httpSignature.verifySignature(parsed, key.publicKeyPem)) {
    return { parsed, refused: 'the signature does not verify' };
  }
  if (request.headers.digest !== digestOf(body)) {
    return { parsed, refused: `Digest ${request.headers.digest} is not the body's` };
  }
  return { parsed, refused: null };
}

/** Headers for a POST of `body` to `inbox`, signed by the library as Mastodon signs one. */
function signedHeaders(inbox: URL, body: string, key: string, keyId: string, date: Date) {
  const headers: Record<string, string> = {
    host: inbox.host,
    date: date.toUTCString(),
    digest: digestOf(body),
    'content-type': activityJson,
  };
  httpSignature.signRequest(
    {
      method: 'POST',
      path: inbox.pathname,
      getHeader: (name) => headers[name.toLowerCase()],
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
    },
    {
      key,
      keyId,
      algorithm: 'rsa-sha256',
      headers: [...requiredSignedHeaders, 'content-type'],
      authorizationHeaderName: 'Signature',
    },
  );
  return headers;
}

function reply(out: ServerResponse, status: number, body?: unknown, type = 'application/json') {
  out.writeHead(status, body === undefined ? {} : { 'content-type': type });
  out.end(body === undefined ? undefined : JSON.stringify(body));
}

/** The peer, with the one account `reader`. */
export async function startHttpSignaturePeer() {
  const own = rsaKey();
  const stranger = rsaKey();
  const deliveries: SignedDelivery[] = [];
  let origin = '';
  const actorId = () => `${origin}/users/reader`;
  const keyId = () => `${actorId()}#main-key`;

  const actorDocument = () => ({
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id: actorId(),
    type: 'Person',
    preferredUsername: 'reader',
    name: 'Signature Reader',
    inbox: `${actorId()}/inbox`,
    outbox: `${actorId()}/outbox`,
    followers: `${actorId()}/followers`,
    endpoints: { sharedInbox: `${origin}/inbox` },
    publicKey: { id: keyId(), owner: actorId(), publicKeyPem: own.publicKey },
  });

  /** The peer's `reader` follows the board `board`, the Follow spoiled as `spoil` says. */
  const follow = async (board: string, spoil: FollowSpoiler | null) => {
    const boardActor = (await (
      await fetch(board, { headers: { accept: activityJson } })
    ).json()) as { id: string; inbox: string };
    const activity = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${origin}/follows/${randomUUID()}`,
      type: 'Follow',
      actor: actorId(),
      object: boardActor.id,
    };
    const signedBody = JSON.stringify(activity);
    const inbox = new URL(boardActor.inbox);
    const date = spoil === 'date' ? new Date(Date.now() - 2 * 3600_000) : new Date();
    const key = spoil === 'key' ? stranger.privateKey : own.privateKey;
    const headers = signedHeaders(inbox, signedBody, key, keyId(), date);
    // Tampered on the way: another activity id in the body, its Digest left or made anew.
    const body =
      spoil === 'body' || spoil === 'digest'
        ? JSON.stringify({ ...activity, id: `${origin}/follows/${randomUUID()}` })
        : signedBody;
    if (spoil === 'digest') headers.digest = digestOf(body);
    const answer = await fetch(inbox, { method: 'POST', headers, body });
    return { follow: activity.id, status: answer.status, answer: await answer.text() };
  };

  const handle = async (request: IncomingMessage, out: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/users/reader' && request.method === 'GET') {
      return reply(out, 200, actorDocument(), activityJson);
    }
    if (url.pathname === '/.well-known/webfinger') {
      const subject = `acct:reader@${url.host}`;
      if (url.searchParams.get('resource') !== subject) return reply(out, 404);
      return reply(out, 200, {
        subject,
        links: [{ rel: 'self', type: activityJson, href: actorId() }],
      });
    }
    if (url.pathname === '/__peer/deliveries') return reply(out, 200, deliveries);
    if (url.pathname === '/__peer/follow') {
      const asked = JSON.parse(await readText(request)) as {
        actor: string;
        spoil?: FollowSpoiler;
      };
      return reply(out, 200, await follow(asked.actor, asked.spoil ?? null));
    }
    if (request.method === 'POST' && ['/users/reader/inbox', '/inbox'].includes(url.pathname)) {
      const body = await readText(request);
      const activity = JSON.parse(body) as SignedDelivery['activity'];
      const { parsed, refused } = await refusalOf(request, body, activity.actor);
      deliveries.push({
        path: url.pathname,
        scheme: schemeOf(request),
        refused,
        algorithm: parsed?.params.algorithm ?? null,
        signedHeaders: parsed?.params.headers ?? [],
        activity: { type: activity.type, actor: activity.actor, object: activity.object },
      });
      return reply(out, refused ? 401 : 202);
    }
    return reply(out, 404);
  };

  const server = createServer((request, out) => {
    handle(request, out).catch((error: unknown) => reply(out, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, actor: actorId(), close };
}
