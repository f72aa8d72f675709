import { Hono } from 'hono';
import {
  markReadInput,
  notificationSettingsAnswer,
  notificationSettingsInput,
  notificationsAnswer,
  unreadAnswer,
} from '../../../../schema/notifications';
import {
  countUnread,
  getNotificationSettings,
  listNotifications,
  markRead,
  updateNotificationSettings,
} from '../../../domain/notifications/notifications';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';

const tag = 'Notifications';

/** What happened to your board: follows and copies, each told once; only you read them. */
export const notificationsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    documented({
      tag,
      summary: 'Your latest notifications (someone followed you, copied a block), newest first',
      answers: { 200: notificationsAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const notifications = await listNotifications(c.var.db, c.var.viewer.id);
      return sendJson(c, { notifications }, 200);
    },
  )
  .get(
    '/unread',
    documented({
      tag,
      summary: 'How many of your notifications are unread (counted up to 100)',
      answers: { 200: unreadAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => sendJson(c, { unread: await countUnread(c.var.db, c.var.viewer.id) }, 200),
  )
  .post(
    '/read',
    documented({
      tag,
      summary: 'Mark your notifications read up to `upTo` (the newest one the list showed)',
      answers: { 200: unreadAnswer },
      refusals: [400, 401],
    }),
    changesNoBoard,
    requireAuth,
    validate('json', markReadInput),
    async (c) => {
      await markRead(c.var.db, c.var.viewer.id, c.req.valid('json').upTo);
      return sendJson(c, { unread: await countUnread(c.var.db, c.var.viewer.id) }, 200);
    },
  )
  .get(
    '/settings',
    documented({
      tag,
      summary: 'Whether you are also told by email',
      answers: { 200: notificationSettingsAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => sendJson(c, await getNotificationSettings(c.var.db, c.var.viewer.id), 200),
  )
  .put(
    '/settings',
    documented({
      tag,
      summary: 'Turn email notifications on or off (off until you turn them on)',
      answers: { 200: notificationSettingsAnswer },
      refusals: [400, 401],
    }),
    changesNoBoard,
    requireAuth,
    validate('json', notificationSettingsInput),
    async (c) => {
      const { byEmail } = c.req.valid('json');
      const settings = await updateNotificationSettings(c.var.db, c.var.viewer.id, byEmail);
      return sendJson(c, settings, 200);
    },
  );
