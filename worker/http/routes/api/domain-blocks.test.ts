import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  fetchSettled,
  moderatorUser,
  offContract,
  readJson,
  type TestUser,
  withAppShell,
} from '../../../test/factories';

const { env: withShell } = withAppShell(
  '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
);
const visit = (path: string) =>
  fetchSettled(new Request(`http://up2.test${path}`, { redirect: 'manual' }), withShell);

type Kind = 'suspend' | 'limit' | 'links';

function block(moderator: TestUser, host: string, kind: Kind, note = `Because ${kind}`) {
  return readJson(
    apiClient({ token: moderator.token }).admin.domains.$post({ json: { host, kind, note } }),
  );
}

describe('/api/admin/domains', () => {
  it('lists, adds and lifts domain blocks for moderators, keeping the host of an address typed', async () => {
    const moderator = await moderatorUser();
    const added = await block(moderator, 'https://Spam.Example/some/page', 'links', 'Phishing');
    expectStatus(added, 201);
    expect(added.body.domainBlock).toMatchObject({
      host: 'spam.example',
      kind: 'links',
      note: 'Phishing',
      moderator: moderator.username,
    });
    const api = apiClient({ token: moderator.token }).admin.domains;
    const listed = await readJson(api.$get());
    expectStatus(listed, 200);
    expect(listed.body.domainBlocks.map((entry) => entry.host)).toContain('spam.example');

    const id = String(added.body.domainBlock.id);
    expectStatus(await readJson(api[':id'].$delete({ param: { id } })), 200);
    expectStatus(await readJson(api[':id'].$delete({ param: { id } })), 404);
  });

  it('keeps each domain block added and lifted in the audit log: who, when, what and why', async () => {
    const moderator = await moderatorUser();
    const other = await moderatorUser();
    const host = `audited-${crypto.randomUUID().slice(0, 8)}.example`;
    const added = await block(moderator, host, 'suspend', 'A spam network');
    expectStatus(added, 201);
    const lifted = apiClient({ token: other.token }).admin.domains[':id'].$delete({
      param: { id: String(added.body.domainBlock.id) },
    });
    expectStatus(await readJson(lifted), 200);

    const audit = await readJson(apiClient({ token: moderator.token }).admin.audit.$get());
    expectStatus(audit, 200);
    const entries = audit.body.domainActions.filter((entry) => entry.host === host);
    expect(entries).toMatchObject([
      { event: 'lifted', kind: 'suspend', note: null, moderator: other.username },
      { event: 'blocked', kind: 'suspend', note: 'A spam network', moderator: moderator.username },
    ]);
  });

  it('answers 401 signed out and 403 to anyone but a moderator', async () => {
    const someone = await createUser();
    const json = { host: 'x.example', kind: 'suspend' as const, note: 'n' };
    expect((await apiClient().admin.domains.$get()).status).toBe(401);
    expect((await apiClient().admin.domains.$post({ json })).status).toBe(401);
    const own = apiClient({ token: someone.token }).admin.domains;
    expect((await own.$get()).status).toBe(403);
    expect((await own.$post({ json })).status).toBe(403);
    expect((await own[':id'].$delete({ param: { id: '1' } })).status).toBe(403);
  });

  it('refuses a bad domain, kind or note with field messages, and the same block twice with 409', async () => {
    const moderator = await moderatorUser();
    const api = apiClient({ token: moderator.token }).admin.domains;
    const bad = await readJson(
      api.$post({ json: offContract({ host: 'not a domain', kind: 'ban', note: ' ' }) }),
    );
    expectStatus(bad, 400);
    expect(bad.body.fields).toMatchObject({
      host: 'Name a domain, such as spam.example (its subdomains are covered).',
      kind: 'Kind must be suspend (a server), limit (a server) or links (a site).',
      note: 'Write a note: why this domain is blocked.',
    });
    expectStatus(await block(moderator, 'twice.example', 'limit'), 201);
    const again = await block(moderator, 'TWICE.example', 'limit');
    expectStatus(again, 409);
    expect(again.body.error).toBe('twice.example is already blocked this way.');
  });

  it('refuses a link to a blocked site or its subdomains on a block (400 on the field), and saves others', async () => {
    const moderator = await moderatorUser();
    expectStatus(await block(moderator, 'harm.example', 'links', 'Phishing'), 201);
    const owner = await createUser();
    const created = await readJson(
      apiClient({ token: owner.token }).blocks.$post({
        json: {
          category: 'learning',
          type: 'books-reading',
          title: 'Free',
          status: 'now',
          progress: 10,
          externalUrl: 'https://login.harm.example/free',
        },
      }),
    );
    expectStatus(created, 400);
    const message = 'Links to harm.example were reported as harmful and cannot be saved on Up2.';
    expect(created.body.fields).toEqual({ externalUrl: message });

    const fine = await createBlock(owner, { externalUrl: 'https://unharmed.example/' });
    const edited = await editBlock(owner, fine.id, { externalUrl: 'https://harm.example/' });
    expectStatus(edited, 400);
    expect(await createBlock(owner, { externalUrl: 'https://notharm.example/' })).toMatchObject({
      externalUrl: 'https://notharm.example/',
    });
  });

  it('sends Visit Link to a blocked site through a warning, Go back or Continue anyway, until lifted', async () => {
    const owner = await createUser();
    const link = 'https://shop.warned.example/deal';
    const saved = await createBlock(owner, { title: 'A deal', externalUrl: link });
    const moderator = await moderatorUser();
    const added = await block(moderator, 'warned.example', 'links', 'Phishing');
    expectStatus(added, 201);

    const board = await (await visit(`/@${owner.username}`)).text();
    expect(board).toContain(`href="/leave/${saved.id}"`);
    const embed = await (await visit(`/embed/@${owner.username}`)).text();
    expect(embed).toContain(`href="/leave/${saved.id}"`);
    const warning = await visit(`/leave/${saved.id}`);
    expect(warning.status).toBe(200);
    const page = await warning.text();
    expect(page).toContain('This link was reported as harmful.');
    expect(page).toContain(
      `<a class="font-semibold text-violet-700 underline" href="http://up2.test/@${owner.username}">Go back</a>`,
    );
    expect(page).toContain(
      `href="${link}" rel="nofollow ugc noopener noreferrer">Continue anyway</a>`,
    );

    const id = String(added.body.domainBlock.id);
    const lifted = apiClient({ token: moderator.token }).admin.domains[':id'].$delete({
      param: { id },
    });
    expect((await lifted).status).toBe(200);
    const followed = await visit(`/leave/${saved.id}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(link);
    expect((await visit('/leave/999999999')).status).toBe(404);
  });
});
