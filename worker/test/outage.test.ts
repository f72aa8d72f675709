import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  updateProfile,
  withAppShell,
} from './factories';

afterEach(() => {
  vi.restoreAllMocks();
});

const shell =
  '<!doctype html><html><head><title>Up2</title></head><body><div id="root"></div></body></html>';

/** A D1 binding whose every query fails, as D1 does when it cannot be reached. */
function failingDatabase(): D1Database {
  const fail = () => {
    throw new Error('D1_ERROR: Network connection lost.');
  };
  const session = { prepare: fail, batch: fail, getBookmark: () => null };
  return {
    ...session,
    exec: fail,
    dump: fail,
    withSession: () => session,
  } as unknown as D1Database;
}

/** A D1 binding whose queries never answer. */
function hangingDatabase(): D1Database {
  const never = () => new Promise(() => {});
  const statement = {
    bind: () => statement,
    all: never,
    first: never,
    raw: never,
    run: never,
  };
  const session = { prepare: () => statement, batch: never, getBookmark: () => null };
  return { ...session, withSession: () => session } as unknown as D1Database;
}

/** A KV namespace whose every read and write fails. */
function failingKv(): KVNamespace {
  const fail = async () => {
    throw new Error('KV GET failed: 500 Internal Server Error');
  };
  return { get: fail, put: fail, delete: fail, list: fail } as unknown as KVNamespace;
}

let visitors = 0;
function load(path: string, workerEnv: Env, origin = 'http://up2.test') {
  visitors += 1;
  return fetchSettled(
    new Request(`${origin}${path}`, {
      headers: { 'cf-connecting-ip': `10.97.0.${visitors % 250}` },
    }),
    workerEnv,
  );
}

const working = () => withAppShell(shell).env;
const withDatabase = (db: D1Database) => ({ ...withAppShell(shell).env, DB: db }) as Env;

/** Moves this isolate's clock on, past the 10 minutes a board's kept copy answers as fresh. */
function elevenMinutesLater() {
  const now = Date.now() + 11 * 60 * 1000;
  vi.spyOn(Date, 'now').mockReturnValue(now);
}

describe('when D1 fails', () => {
  // Each outage is logged with its cause; the log is not what these tests read.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('the API answers 503 with an error a person can act on and Retry-After, never a 500', async () => {
    const owner = await createUser();
    for (const path of [`/api/boards/${owner.username}`, '/api/discover']) {
      const response = await load(path, withDatabase(failingDatabase()));
      expect(response.status, path).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toEqual({
        error: 'Up2 cannot reach its database right now. Please try again in a minute.',
      });
    }
    const login = await fetchSettled(
      new Request('http://up2.test/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.97.1.1' },
        body: JSON.stringify({ username: owner.username, password: owner.password }),
      }),
      withDatabase(failingDatabase()),
    );
    expect(login.status).toBe(503);
  });

  it('a board page and its embed are served from the copy kept at the edge', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Kept through an outage' });
    for (const path of [`/@${owner.username}`, `/embed/@${owner.username}`]) {
      expect((await load(path, working())).status).toBe(200);
    }
    elevenMinutesLater();
    for (const path of [`/@${owner.username}`, `/embed/@${owner.username}`]) {
      const response = await load(path, withDatabase(failingDatabase()));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-up2-served-stale')).toBe('database-unavailable');
      expect(await response.text()).toContain('Kept through an outage');
    }
  });

  it('a board with no copy kept answers a 503 page with Retry-After', async () => {
    const owner = await createUser();
    for (const path of [`/@${owner.username}`, `/embed/@${owner.username}`]) {
      const response = await load(path, withDatabase(failingDatabase()));
      expect(response.status, path).toBe(503);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.text()).toContain('Up2 is back in a moment');
    }
  });

  it('never serves the copy of a board made private since', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Private from now on' });
    expect((await load(`/@${owner.username}`, working())).status).toBe(200);
    expectStatus(await updateProfile(owner, { isPublic: false }), 200);
    elevenMinutesLater();
    const response = await load(`/@${owner.username}`, withDatabase(failingDatabase()));
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain('Private from now on');
  });

  it('the landing page is served from its copy, or a 503 page where none is kept', async () => {
    const origin = `http://landing-${crypto.randomUUID()}.test`;
    const none = await load('/', withDatabase(failingDatabase()), origin);
    expect(none.status).toBe(503);
    expect((await load('/', working(), origin)).status).toBe(200);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * 60 * 1000);
    const stale = await load('/', withDatabase(failingDatabase()), origin);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-up2-served-stale')).toBe('database-unavailable');
  });

  it('never serves a copy of the landing page showing a board made private since', async () => {
    const origin = `http://landing-${crypto.randomUUID()}.test`;
    const owner = await createUser();
    await createBlock(owner, { title: 'Shown on the landing page' });
    const kept = await load('/', working(), origin);
    expect(await kept.text()).toContain(owner.username);
    expectStatus(await updateProfile(owner, { isPublic: false }), 200);
    for (const later of [0, 2 * 60 * 1000]) {
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + later);
      const response = await load('/', withDatabase(failingDatabase()), origin);
      expect(response.status).toBe(503);
      expect(await response.text()).not.toContain(owner.username);
    }
  });

  it('a database that does not answer is given up on within the deadline', async () => {
    const owner = await createUser();
    const started = Date.now();
    const response = await load(`/api/boards/${owner.username}`, withDatabase(hangingDatabase()));
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('when KV or the view counter fails', () => {
  it('a board page still answers, uncached', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Shown without KV' });
    const withoutKv = { ...withAppShell(shell).env, COUNTERS: failingKv() } as Env;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await load(`/@${owner.username}`, withoutKv);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Shown without KV');
  });

  it('a view that cannot be counted does not fail the page', async () => {
    const owner = await createUser();
    const broken = {
      get: () => {
        throw new Error('Durable Object unreachable');
      },
      idFromName: env.VIEW_COUNTER.idFromName.bind(env.VIEW_COUNTER),
    };
    const withoutCounters = {
      ...withAppShell(shell).env,
      VISIT_LOG: broken,
      VIEW_COUNTER: broken,
    } as unknown as Env;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await load(`/embed/@${owner.username}`, withoutCounters);
    expect(response.status).toBe(200);
    expect(errors.mock.calls.flat().join(' ')).toContain('not counted');
  });
});

describe("the landing page's copy", () => {
  it('follows a board made private at once', async () => {
    const origin = `http://landing-${crypto.randomUUID()}.test`;
    const owner = await createUser();
    await createBlock(owner, { title: 'On the landing page' });
    const first = await load('/', working(), origin);
    expect(await first.text()).toContain(`@${owner.username}`);
    expectStatus(await updateProfile(owner, { isPublic: false }), 200);
    const after = await load('/', working(), origin);
    expect(await after.text()).not.toContain(`@${owner.username}`);
  });
});
