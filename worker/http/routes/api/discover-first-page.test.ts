import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  updateProfile,
} from '../../../test/factories';

type DiscoverParams = Parameters<ReturnType<typeof apiClient>['discover']['$get']>[0]['query'];

/**
 * Whose boards Discover answers, the Worker run as production runs it: its first page kept for
 * `seconds` (the other tests read it anew each time).
 */
async function discoverKeeping(seconds: number, query: DiscoverParams) {
  const settled = { ...env, DISCOVER_FIRST_PAGE_SECONDS: String(seconds) };
  const answer = await readJson(apiClient({ settled }).discover.$get({ query }));
  expectStatus(answer, 200);
  return answer.body.boards.map((entry) => entry.user.username);
}

/** A listed board with news now, its bio saying `bio`. */
async function boardWithNews(bio: string) {
  const owner = await createUser();
  expectStatus(await updateProfile(owner, { bio }), 200);
  await createBlock(owner);
  return owner;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const firstOf = (names: string[]) => names[0];

describe("Discover's first page, kept at the edge", () => {
  it('shows a board with news since once its window has passed, and a search at once', async () => {
    // A page size no other test asks for: its own copy.
    const query = { limit: '7' };
    const word = `kept${Date.now().toString(36)}`;
    const earlier = await boardWithNews(word);
    expect(firstOf(await discoverKeeping(2, query))).toBe(earlier.username);

    const later = await boardWithNews(word);
    expect(firstOf(await discoverKeeping(2, query))).toBe(earlier.username);
    // A search, and any page past the first, is read anew.
    expect(await discoverKeeping(2, { q: word })).toEqual([later.username, earlier.username]);

    await sleep(2100);
    expect(firstOf(await discoverKeeping(2, query))).toBe(later.username);
  });

  it('drops a kept first page at once when one of its boards goes private', async () => {
    const query = { limit: '9' };
    const owner: TestUser = await boardWithNews('going private soon');
    expect(firstOf(await discoverKeeping(60, query))).toBe(owner.username);

    expectStatus(await updateProfile(owner, { isPublic: false }), 200);
    expect(await discoverKeeping(60, query)).not.toContain(owner.username);
  });
});
