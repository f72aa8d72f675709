import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiClient,
  createUser,
  moderatorUser,
  readJson,
  type TestUser,
} from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const { relay, peers } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;

async function flag(peer: { origin: string }, owner: TestUser) {
  const response = await fetch(`${peer.origin}/__peer/flag`, {
    method: 'POST',
    body: JSON.stringify({ actor: actorOf(owner) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The moderators' queue entry of the board, waited for (up to 20 s): inboxes work after the answer. */
async function queuedReportsOf(owner: TestUser) {
  const moderator = await moderatorUser();
  for (let tries = 0; tries < 100; tries++) {
    const queue = await readJson(apiClient({ token: moderator.token }).admin.reports.$get());
    if (queue.status !== 200) throw new Error(`queue: ${queue.status}`);
    const entry = queue.body.boards.find((item) => item.board.username === owner.username);
    if (entry) return entry.reports;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No report of ${owner.username} reached the queue`);
}

describe('a Flag from another server', () => {
  it('becomes a report naming the server, with the board as it was', async () => {
    const owner = await createUser();
    await flag(peers.rfc9421, owner);
    const [report] = await queuedReportsOf(owner);
    expect(report).toMatchObject({
      reason: 'other',
      comment: 'Spam from this account',
      fromServer: new URL(peers.rfc9421.origin).host,
      snapshot: { board: { username: owner.username }, block: null },
    });
  }, 30_000);
});
