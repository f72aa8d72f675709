import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  apiClient,
  blockPayload,
  call,
  createBlock,
  createUser,
  deleteBlock,
  editBlock,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
  updateProfile,
} from './factories';

afterEach(() => {
  vi.restoreAllMocks();
});

const roles = ['signed out', 'another user', 'owner', 'admin'] as const;
type Role = (typeof roles)[number];

/** Fresh data for one test: an owner with a public block, a stranger, the admin, a feedback item. */
type Scene = {
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  block: { id: number; title: string };
  feedbackId: number;
  actor: TestUser | null;
};

type Sent = { method: string; path: string; body?: unknown };

type Route = {
  route: string;
  /** Statuses for: signed out, another signed-in user, the owner, the admin. */
  statuses: [number, number, number, number];
  request: (scene: Scene) => Sent | Promise<Sent>;
  /** Checks what the request left behind; also cleans up what it added to the shared admin board. */
  after?: (
    scene: Scene,
    role: Role,
    response: { status: number; body: MatrixAnswer },
  ) => Promise<void>;
};

/** What the checks below read of the answers; each answer's whole shape is its own route's test's. */
type MatrixAnswer = {
  id?: number;
  isAdmin?: boolean;
  user?: { id: number; isAdmin: boolean; username: string };
  block?: { id: number };
  blocks?: { id: number }[];
  boards?: { user: { username: string } }[];
  imageUrl?: string;
  url?: string;
  userId?: number | null;
  recorded?: boolean;
};

/** The block an answer created: the check fails here, not later, when there is none. */
function createdBlockId(body: MatrixAnswer): number {
  if (body.block === undefined) throw new Error(`No block in ${JSON.stringify(body)}`);
  return body.block.id;
}

// A translucent 2x2 PNG: a real image, and one a generated image keeps as PNG.
const pngBytes = new Uint8Array(
  encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(128), channels: 4 }),
);

function avatarForm(): FormData {
  const form = new FormData();
  form.append('file', new File([pngBytes], 'avatar.png', { type: 'image/png' }));
  return form;
}

async function storedBlock(id: number) {
  return env.DB.prepare(
    'SELECT id, user_id, title, click_count, copy_count FROM blocks WHERE id = ?',
  )
    .bind(id)
    .first<{
      id: number;
      user_id: number;
      title: string;
      click_count: number;
      copy_count: number;
    }>();
}

async function storedFeedbackStatus(id: number) {
  const row = await env.DB.prepare('SELECT status FROM feedback WHERE id = ?')
    .bind(id)
    .first<{ status: string }>();
  return row?.status;
}

/** Blocks the shared admin account makes are removed again, so its board never fills up. */
async function removeAdminBlock(scene: Scene, role: Role, blockId: number | undefined) {
  if (role === 'admin' && blockId) {
    expectStatus(await deleteBlock(scene.admin, blockId), 200);
  }
}

const routes: Route[] = [
  {
    route: 'GET /api/auth/me',
    statuses: [401, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/auth/me' }),
    after: async (scene, _role, response) => {
      if (!scene.actor) return;
      // The shape of this answer is auth.test.ts's concern; here only whose account it is.
      const user = response.body.user ?? response.body;
      expect(user.id).toBe(scene.actor.id);
      expect(user.isAdmin).toBe(scene.actor.id === scene.admin.id);
    },
  },
  {
    route: 'POST /api/auth/me (no such route)',
    statuses: [404, 404, 404, 404],
    request: () => ({ method: 'POST', path: '/api/auth/me', body: { bio: 'x' } }),
  },
  {
    route: 'PUT /api/auth/me',
    statuses: [401, 200, 200, 200],
    request: () => ({
      method: 'PUT',
      path: '/api/auth/me',
      body: { tagline: 'Permission matrix' },
    }),
    after: async (scene, role) => {
      const row = await env.DB.prepare('SELECT tagline FROM users WHERE id = ?')
        .bind(scene.owner.id)
        .first<{ tagline: string | null }>();
      // Only the owner's own request may change the owner's profile.
      expect(row?.tagline).toBe(role === 'owner' ? 'Permission matrix' : null);
    },
  },
  {
    route: 'PUT /api/boards/me',
    statuses: [401, 200, 200, 200],
    request: () => ({ method: 'PUT', path: '/api/boards/me', body: { hideAllImages: false } }),
  },
  {
    route: 'GET /api/blocks/me',
    statuses: [401, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/blocks/me' }),
    after: async (scene, role, response) => {
      if (!scene.actor) return;
      const ids = (response.body.blocks ?? []).map((block) => block.id);
      expect(ids.includes(scene.block.id)).toBe(role === 'owner');
    },
  },
  {
    route: 'POST /api/blocks',
    statuses: [401, 201, 201, 201],
    request: () => ({ method: 'POST', path: '/api/blocks', body: blockPayload() }),
    after: async (scene, role, response) => {
      if (!scene.actor) return;
      const blockId = createdBlockId(response.body);
      expect((await storedBlock(blockId))?.user_id).toBe(scene.actor.id);
      await removeAdminBlock(scene, role, blockId);
    },
  },
  {
    route: "PUT /api/blocks/:id (the owner's block)",
    statuses: [401, 404, 200, 404],
    request: ({ block }) => ({
      method: 'PUT',
      path: `/api/blocks/${block.id}`,
      body: blockPayload({ title: 'Rewritten' }),
    }),
    after: async (scene, role) => {
      const title = (await storedBlock(scene.block.id))?.title;
      expect(title).toBe(role === 'owner' ? 'Rewritten' : scene.block.title);
    },
  },
  {
    route: "PUT /api/blocks/:id with only a status (the owner's block)",
    statuses: [401, 404, 200, 404],
    request: ({ block }) => ({
      method: 'PUT',
      path: `/api/blocks/${block.id}`,
      body: { status: 'done' },
    }),
  },
  {
    route: "DELETE /api/blocks/:id (the owner's block)",
    statuses: [401, 404, 200, 404],
    request: ({ block }) => ({ method: 'DELETE', path: `/api/blocks/${block.id}` }),
    after: async (scene, role) => {
      const stored = await storedBlock(scene.block.id);
      if (role === 'owner') expect(stored).toBeNull();
      else expect(stored).toMatchObject({ id: scene.block.id, user_id: scene.owner.id });
    },
  },
  {
    route: "POST /api/blocks/:id/copy (the owner's public block)",
    statuses: [401, 201, 400, 201],
    request: ({ block }) => ({ method: 'POST', path: `/api/blocks/${block.id}/copy` }),
    after: async (scene, role, response) => {
      const copied = role === 'another user' || role === 'admin';
      expect((await storedBlock(scene.block.id))?.copy_count).toBe(copied ? 1 : 0);
      if (!copied || !scene.actor) return;
      const blockId = createdBlockId(response.body);
      expect((await storedBlock(blockId))?.user_id).toBe(scene.actor.id);
      await removeAdminBlock(scene, role, blockId);
    },
  },
  {
    route: "POST /api/blocks/:id/click (the owner's public block)",
    statuses: [200, 200, 200, 200],
    request: ({ block }) => ({ method: 'POST', path: `/api/blocks/${block.id}/click`, body: {} }),
    after: async (_scene, role, response) => {
      // The owner's own clicks are not counted (how others' are: blocks.test.ts, visitors.test.ts).
      expect(response.body).toEqual({ recorded: role !== 'owner' });
    },
  },
  {
    route: 'POST /api/generate-image',
    statuses: [401, 201, 201, 201],
    request: () => {
      // Workers AI is remote-only; the binding answers as it would with a (tiny) PNG.
      vi.spyOn(env.AI, 'run').mockResolvedValue(pngBytes as never);
      return {
        method: 'POST',
        path: '/api/generate-image',
        body: { prompt: 'a lighthouse at dawn', ratio: 'square' },
      };
    },
    after: async (scene, _role, response) => {
      if (!scene.actor) return;
      expect(response.body.imageUrl).toMatch(
        new RegExp(`^/api/images/generated/${scene.actor.id}/[0-9a-f-]{36}\\.png$`),
      );
    },
  },
  {
    route: 'POST /api/upload/avatar',
    statuses: [401, 201, 201, 201],
    request: () => ({ method: 'POST', path: '/api/upload/avatar', body: avatarForm() }),
    after: async (scene, _role, response) => {
      if (!scene.actor) return;
      expect(response.body.url).toMatch(
        new RegExp(`^/api/images/avatars/${scene.actor.id}/[0-9a-f-]{36}\\.png$`),
      );
    },
  },
  {
    route: 'GET /api/analytics/me',
    statuses: [401, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/analytics/me' }),
  },
  {
    route: "POST /api/follows/:username (the owner's board)",
    statuses: [401, 200, 400, 200],
    request: ({ owner }) => ({ method: 'POST', path: `/api/follows/${owner.username}` }),
  },
  {
    route: "DELETE /api/follows/:username (the owner's board)",
    statuses: [401, 200, 400, 200],
    request: ({ owner }) => ({ method: 'DELETE', path: `/api/follows/${owner.username}` }),
  },
  {
    route: 'GET /api/follows',
    statuses: [401, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/follows' }),
  },
  {
    route: 'GET /api/following/feed',
    statuses: [401, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/following/feed' }),
  },
  {
    route: 'GET /api/feedback',
    statuses: [401, 403, 403, 200],
    request: () => ({ method: 'GET', path: '/api/feedback' }),
  },
  {
    route: 'PATCH /api/feedback/:id',
    statuses: [401, 403, 403, 200],
    request: ({ feedbackId }) => ({
      method: 'PATCH',
      path: `/api/feedback/${feedbackId}`,
      body: { status: 'reviewed' },
    }),
    after: async (scene, role) => {
      const status = await storedFeedbackStatus(scene.feedbackId);
      expect(status).toBe(role === 'admin' ? 'reviewed' : 'new');
    },
  },
  {
    route: 'POST /api/feedback',
    statuses: [201, 201, 201, 201],
    request: () => ({
      method: 'POST',
      path: '/api/feedback',
      body: { title: 'Matrix', description: 'Anyone may send feedback.' },
    }),
    after: async (scene, _role, response) => {
      expect(response.body.userId).toBe(scene.actor?.id ?? null);
    },
  },
  {
    route: 'GET /api/boards/:username (a public board)',
    statuses: [200, 200, 200, 200],
    request: ({ owner }) => ({ method: 'GET', path: `/api/boards/${owner.username}` }),
    after: async (scene, role, response) => {
      expect(response.body.user?.username).toBe(scene.owner.username);
      expect('email' in (response.body.user ?? {})).toBe(role === 'owner');
    },
  },
  {
    route: 'GET /api/boards/:username (a private board)',
    statuses: [404, 404, 200, 404],
    request: async ({ owner }) => {
      expectStatus(await updateProfile(owner, { isPublic: false }), 200);
      return { method: 'GET', path: `/api/boards/${owner.username}` };
    },
  },
  {
    route: 'GET /api/boards/:username (a hidden block)',
    statuses: [200, 200, 200, 200],
    request: async ({ owner, block }) => {
      expectStatus(await editBlock(owner, block.id, { title: block.title, isVisible: false }), 200);
      return { method: 'GET', path: `/api/boards/${owner.username}` };
    },
    after: async (scene, role, response) => {
      const ids = (response.body.blocks ?? []).map((block) => block.id);
      expect(ids.includes(scene.block.id)).toBe(role === 'owner');
    },
  },
  {
    route: 'GET /api/discover',
    statuses: [200, 200, 200, 200],
    request: ({ owner }) => ({ method: 'GET', path: `/api/discover?q=${owner.username}` }),
    after: async (scene, _role, response) => {
      const owners = (response.body.boards ?? []).map((board) => board.user.username);
      expect(owners).toEqual([scene.owner.username]);
    },
  },
];

const matrix = routes.flatMap((route) =>
  roles.map((role, index) => ({ ...route, role, status: route.statuses[index] as number })),
);

async function buildScene(role: Role): Promise<Scene> {
  const [owner, other, adminAccount] = await Promise.all([createUser(), createUser(), adminUser()]);
  const block = await createBlock(owner, { title: `Owned ${uniqueName('b')}` });
  const feedback = await readJson(
    apiClient().feedback.$post({
      json: { title: 'Matrix item', description: 'Created for one permission test.' },
    }),
  );
  expectStatus(feedback, 201);
  const actors: Record<Role, TestUser | null> = {
    'signed out': null,
    'another user': other,
    owner,
    admin: adminAccount,
  };
  return {
    owner,
    other,
    admin: adminAccount,
    block,
    feedbackId: feedback.body.id,
    actor: actors[role],
  };
}

describe('permission matrix', () => {
  it.each(matrix)('$route as $role answers $status', async (row) => {
    const scene = await buildScene(row.role);
    const sent = await row.request(scene);
    const response = await call(sent.method, sent.path, {
      token: scene.actor?.token,
      body: sent.body,
    });
    const text = await response.text();
    expect(response.status, text).toBe(row.status);
    const body = text ? JSON.parse(text) : null;
    if (response.status >= 400) expect(typeof body.error).toBe('string');
    await row.after?.(scene, row.role, { status: response.status, body });
  });
});
