import { PropertyValue } from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { and, desc, eq, ne } from 'drizzle-orm';
import { linksOwnProfile } from '../../../schema/indieweb';
import { blockStoryEvents, blocks } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import type { UserRow } from '../account/users';
import { publicStoryOf, selectPublicStory } from '../boards/public-story';
import { escapeHtml } from './html';

// What Mastodon shows of a board's profile beside its name and picture: the owner's own links
// (verified when the page links back), its pinned posts (the board's Now blocks), whether it is
// listed, and since when it exists.

/** How many Now blocks the board's featured collection (Mastodon's pinned posts) holds. */
const featuredLimit = 10;

/** A link as a profile field's value: the address without its scheme, claimed with rel="me". */
function profileLinkHtml(url: string): string {
  const shown = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return `<a href="${escapeHtml(url)}" rel="me nofollow noopener" target="_blank">${escapeHtml(shown)}</a>`;
}

/**
 * One `PropertyValue` per profile link the owner entered (their site, their profiles elsewhere,
 * marked rel="me" on the board too), in the board's order.
 */
export async function profileLinks(db: Db, userId: number): Promise<PropertyValue[]> {
  const rows = await db
    .select({
      type: blocks.type,
      title: blocks.title,
      externalUrl: blocks.externalUrl,
      importKey: blocks.importKey,
    })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.isVisible, true)))
    .orderBy(blocks.position, blocks.id);
  return rows
    .filter(linksOwnProfile)
    .map(
      (row) =>
        new PropertyValue({ name: row.title, value: profileLinkHtml(row.externalUrl ?? '') }),
    );
}

/** Whether other servers may list and index the board: while Discover lists it. */
export const isDiscoverable = (owner: UserRow) => owner.isPublic && !owner.keptOffDiscover;

/** When the board was made, as the actor's `published`. */
export const boardPublished = (owner: UserRow) =>
  Temporal.Instant.fromEpochMilliseconds(owner.createdAt.getTime());

/**
 * The story events the featured collection shows: for each visible Now block, the latest event
 * that told of it, newest first.
 */
export async function featuredStories(db: Db, userId: number) {
  const events = await selectPublicStory(db)
    .where(
      and(publicStoryOf(userId), eq(blocks.status, 'now'), ne(blockStoryEvents.kind, 'planned')),
    )
    .orderBy(desc(blockStoryEvents.id))
    .limit(featuredLimit * 4);
  const seen = new Set<number>();
  return events
    .filter((event) => !seen.has(event.blockId) && seen.add(event.blockId))
    .slice(0, featuredLimit);
}
