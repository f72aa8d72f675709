import { describe, expect, it } from 'vitest';
import { bookmarkHeader } from '../../../schema/read-your-writes';
import {
  apiClient,
  blockPayload,
  call,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  withAppShell,
} from '../../test/factories';
import { recordingDatabase } from '../../test/recording-database';

const bookmarkShape = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

describe('reads from the nearest copy of the database', () => {
  it('serves an anonymous read from any copy and gives it no bookmark, so its answer is the same for everyone', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const recorded = recordingDatabase();
    const discover = await readJson(
      apiClient({ settled: recorded.env }).discover.$get({ query: {} }),
    );
    expectStatus(discover, 200);
    expect(recorded.starts).toEqual(['first-unconstrained']);
    expect(discover.headers.get(bookmarkHeader)).toBeNull();
  });

  it("renders a board for the cache from a copy that holds the board's last change", async () => {
    const owner = await createUser();
    const created = await readJson(
      apiClient({ token: owner.token }).blocks.$post({ json: blockPayload() }),
    );
    expectStatus(created, 201);
    const changeReached = created.headers.get(bookmarkHeader);
    expect(changeReached).toMatch(bookmarkShape);

    const recorded = recordingDatabase();
    // Pages wrap the built app shell; a stand-in keeps this test free of a build.
    const pages = withAppShell(
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    const settled = { ...recorded.env, ASSETS: pages.env.ASSETS };
    for (const path of [
      `/api/boards/${owner.username}`,
      `/@${owner.username}`,
      `/embed/@${owner.username}`,
      `/@${owner.username}/feed.json`,
    ]) {
      const answer = await call('GET', path, { settled });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get(bookmarkHeader), path).toBeNull();
    }
    // Each request's own session reads from any copy; each render waits for a copy that holds
    // the change (the version's bookmark, taken by the consumer that heard it: the change's or later).
    expect(recorded.starts.filter((start) => start === 'first-unconstrained')).toHaveLength(4);
    const holdsChange = (start: string | undefined) =>
      start !== undefined && bookmarkShape.test(start) && start >= (changeReached ?? '');
    expect(recorded.starts.filter(holdsChange)).toHaveLength(4);
  });

  it('starts a write without a bookmark, and the consumer that hears its change, at the primary; answers the bookmark it reached', async () => {
    const user = await createUser();
    const recorded = recordingDatabase();
    const saved = await readJson(
      apiClient({ token: user.token, settled: recorded.env }).auth.me.$put({
        json: { displayName: 'Maya Moreau' },
      }),
    );
    expectStatus(saved, 200);
    expect(recorded.starts).toEqual(['first-primary', 'first-primary']);
    expect(saved.headers.get(bookmarkHeader)).toMatch(bookmarkShape);
  });

  it('reads after a write from a copy that holds it: the bookmark travels with the next request', async () => {
    const user = await createUser();
    const saved = await readJson(
      apiClient({ token: user.token }).auth.me.$put({ json: { tagline: 'Learning Portuguese' } }),
    );
    expectStatus(saved, 200);
    const bookmark = saved.headers.get(bookmarkHeader) ?? '';

    const recorded = recordingDatabase();
    const me = await readJson(
      apiClient({
        token: user.token,
        settled: recorded.env,
        headers: { [bookmarkHeader]: bookmark },
      }).auth.me.$get(),
    );
    expectStatus(me, 200);
    expect(recorded.starts).toEqual([bookmark]);
    expect(me.body.user.tagline).toBe('Learning Portuguese');
    // The answer carries the session on: at the write, or past it.
    expect((me.headers.get(bookmarkHeader) ?? '') >= bookmark).toBe(true);
  });

  it('ignores a bookmark that is not one instead of refusing the request', async () => {
    const user = await createUser();
    const recorded = recordingDatabase();
    const me = await readJson(
      apiClient({
        token: user.token,
        settled: recorded.env,
        headers: { [bookmarkHeader]: "'; DROP TABLE users; --" },
      }).auth.me.$get(),
    );
    expectStatus(me, 200);
    expect(recorded.starts).toEqual(['first-unconstrained']);
  });
});
