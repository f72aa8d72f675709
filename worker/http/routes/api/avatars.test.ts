import { describe, expect, it } from 'vitest';
import { apiClient, call, createUser, expectStatus, readJson } from '../../../test/factories';

describe('GET /api/avatars/:style/:seed.svg', () => {
  it('draws each of the three preset styles as an SVG from our own origin, the same for a seed', async () => {
    for (const style of ['avataaars', 'lorelei', 'micah']) {
      const drawn = await call('GET', `/api/avatars/${style}/Felix.svg`);
      expect(drawn.status).toBe(200);
      expect(drawn.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      const svg = await drawn.text();
      expect(svg.startsWith('<svg')).toBe(true);
      // Nothing in the picture loads from anywhere.
      expect(svg).not.toMatch(/<script|href="http/);
      expect(await (await call('GET', `/api/avatars/${style}/Felix.svg`)).text()).toBe(svg);
    }
    const other = await call('GET', '/api/avatars/avataaars/Luna.svg');
    const felix = await call('GET', '/api/avatars/avataaars/Felix.svg');
    expect(await other.text()).not.toBe(await felix.text());
  });

  it('refuses with 400 a style that is not a preset one, or a seed that is not a plain word', async () => {
    expect((await call('GET', '/api/avatars/bottts/Felix.svg')).status).toBe(400);
    expect((await call('GET', '/api/avatars/lorelei/Felix.gif')).status).toBe(400);
    expect((await call('GET', '/api/avatars/lorelei/a%20b.svg')).status).toBe(400);
  });

  it('takes a preset avatar as a profile picture', async () => {
    const user = await createUser();
    const api = apiClient({ token: user.token });
    const updated = await readJson(
      api.auth.me.$put({ json: { avatar: '/api/avatars/micah/Sage.svg' } }),
    );
    expectStatus(updated, 200);
    expect(updated.body.user.avatar).toBe('/api/avatars/micah/Sage.svg');
  });
});
