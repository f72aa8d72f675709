import { Create, Note } from '@fedify/fedify/vocab';
import jsonld from 'jsonld/dist/jsonld.esm.js';
import type { BlockStoryKind } from '../../../schema/block-values';
import { contextLoader } from '../../platform/fediverse-documents';
import type { PublicStoryEvent } from '../boards/public-story';

// What book and film trackers on the fediverse read of a story, beside what Mastodon shows
// (docs/decisions/0047): NeoDB's `relatedWith` pieces about one catalogue item named in `tag`,
// and BookWyrm's `rating`, `readingStatus` and `progress` on the status itself. Neither project
// publishes a JSON-LD context: both read the plain keys, so the terms are named here, under
// namespaces of their own, for every JSON-LD processor to keep.

const trackerTerms = {
  neodb: 'https://neodb.social/ns#',
  bookwyrm: 'https://joinbookwyrm.com/ns#',
  Hashtag: 'as:Hashtag',
  sensitive: 'as:sensitive',
  relatedWith: { '@id': 'neodb:relatedWith', '@container': '@set' },
  withRegardTo: { '@id': 'neodb:withRegardTo', '@type': '@id' },
  status: 'neodb:status',
  best: 'neodb:best',
  worst: 'neodb:worst',
  value: 'neodb:value',
  Status: 'neodb:Status',
  Rating: 'neodb:Rating',
  Review: 'neodb:Review',
  Edition: 'neodb:Edition',
  Movie: 'neodb:Movie',
  Game: 'neodb:Game',
  rating: 'bookwyrm:rating',
  readingStatus: 'bookwyrm:readingStatus',
  progress: 'bookwyrm:progress',
  progressMode: 'bookwyrm:progressMode',
  inReplyToBook: { '@id': 'bookwyrm:inReplyToBook', '@type': '@id' },
};

/** The context of a story's Note on its own: ActivityStreams and the trackers' terms. */
const storyNoteContext = ['https://www.w3.org/ns/activitystreams', trackerTerms];

/** The context of the activities carrying a Note (signed: the identity and proof terms too). */
const storyActivityContext = [
  'https://w3id.org/identity/v1',
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/data-integrity/v1',
  trackerTerms,
];

type JsonObject = Record<string, unknown>;
type ToJsonLdOptions = NonNullable<Parameters<Note['toJsonLd']>[0]>;

/** The one hashtag of a block type: the first word of its key (`books-reading` is #books). */
export const hashtagOf = (type: string) => type.split('-')[0] ?? type;

/** NeoDB's catalogue type of the works Up2 knows as block types (others are not catalogued). */
const catalogueTypes: Record<string, 'Edition' | 'Movie' | 'Game'> = {
  'books-reading': 'Edition',
  'film-animation': 'Movie',
  'gaming-entertainment': 'Game',
};

const isbnPattern = /^(?:\d{9}[\dX]|\d{13})$/;

/**
 * The link that names the work a block is about: its Goodreads or Letterboxd page (from its link
 * or what it was imported from), an ISBN's Open Library page, else the block's own link.
 */
function workLink(event: PublicStoryEvent): string | null {
  const [source, key] = (event.importKey ?? '').split(/:(.*)/s);
  const goodreads = /goodreads\.com\/book\/show\/\d+/.test(event.externalUrl ?? '');
  const letterboxd = /^https:\/\/(?:letterboxd\.com|boxd\.it)\//.test(event.externalUrl ?? '');
  if ((goodreads || letterboxd) && event.externalUrl) return event.externalUrl;
  if (source === 'goodreads' && key && /^\d+$/.test(key)) {
    return `https://www.goodreads.com/book/show/${key}`;
  }
  if (source === 'letterboxd' && key?.startsWith('https://')) return key;
  if (source === 'storygraph' && key && isbnPattern.test(key)) {
    return `https://openlibrary.org/isbn/${key}`;
  }
  return event.externalUrl;
}

const neodbStatus: Record<BlockStoryKind, string | null> = {
  added: null,
  started: 'progress',
  finished: 'complete',
  reached: 'complete',
  planned: 'wishlist',
};

const bookwyrmReadingStatus: Record<BlockStoryKind, string | null> = {
  added: null,
  started: 'reading',
  finished: 'read',
  reached: 'read',
  planned: 'to-read',
};

/**
 * What the trackers read of one story, in the compact form of `storyNoteContext`: none for a block
 * that is not a catalogued work or names none.
 */
export function trackerFields(
  event: PublicStoryEvent,
  note: { id: URL; actor: URL; published: string },
): JsonObject {
  const type = catalogueTypes[event.type];
  const work = workLink(event);
  if (!type || !work) return {};
  const piece = (kind: string, fields: JsonObject) => ({
    id: new URL(`#${kind.toLowerCase()}`, note.id).href,
    type: kind,
    attributedTo: note.actor.href,
    withRegardTo: work,
    href: note.id.href,
    published: note.published,
    updated: note.published,
    ...fields,
  });
  const status = neodbStatus[event.kind];
  const relatedWith = [
    status ? piece('Status', { status }) : null,
    event.rating === null
      ? null
      : piece('Rating', { best: 10, worst: 1, value: Math.round(event.rating * 2) }),
    event.review
      ? piece('Review', { name: event.title, content: event.review, mediaType: 'text/plain' })
      : null,
  ].filter(Boolean);
  const book = type === 'Edition';
  const progress = book && event.kind === 'started' && event.progressEnabled && event.progress > 0;
  return {
    tag: [{ type, name: event.title, href: work }],
    relatedWith,
    ...(book && {
      inReplyToBook: work,
      readingStatus: bookwyrmReadingStatus[event.kind],
      ...(event.rating !== null && { rating: event.rating }),
      ...(progress && { progress: event.progress, progressMode: 'PCT' }),
    }),
  };
}

/** The trackers' fields in expanded form, to join the Note's own expanded properties. */
async function expandedFields(id: URL, fields: JsonObject): Promise<JsonObject> {
  if (Object.keys(fields).length === 0) return {};
  const [node] = await jsonld.expand(
    { '@context': storyNoteContext, '@id': id.href, ...fields },
    { documentLoader: contextLoader },
  );
  const { '@id': _id, ...properties } = node ?? {};
  return properties;
}

/**
 * Compacts an object with a context naming the trackers' terms, as Fedify compacts one with its
 * own (the context also on each proof, which is verified on its own).
 */
async function compactWith(context: unknown[], expanded: unknown, options: ToJsonLdOptions) {
  const compacted = await jsonld.compact(expanded, context, {
    documentLoader: options.contextLoader ?? contextLoader,
  });
  const proofs = [compacted.proof ?? []].flat() as JsonObject[];
  for (const proof of proofs) proof['@context'] = context;
  return compacted;
}

/**
 * A story's `Note` with the trackers' fields: Fedify's vocabulary has no room for them, so they
 * join its JSON-LD when expanded, and it is compacted with a context that names them.
 */
export class StoryNote extends Note {
  trackerFields: JsonObject = {};

  override clone(...args: Parameters<Note['clone']>): StoryNote {
    const clone = super.clone(...args) as StoryNote;
    clone.trackerFields = this.trackerFields;
    return clone;
  }

  override async toJsonLd(options: ToJsonLdOptions = {}): Promise<unknown> {
    if (options.format !== 'expand') {
      const expanded = await this.toJsonLd({ ...options, format: 'expand', context: undefined });
      return compactWith(storyNoteContext, expanded, options);
    }
    const nodes = (await super.toJsonLd(options)) as JsonObject[];
    const extra = await expandedFields(this.id ?? new URL('about:blank'), this.trackerFields);
    for (const node of nodes) {
      for (const [term, values] of Object.entries(extra)) {
        node[term] = [...((node[term] as unknown[]) ?? []), ...(values as unknown[])];
      }
    }
    return nodes;
  }
}

/** The `Create` of a `StoryNote`, compacted with the trackers' terms named. */
export class StoryCreate extends Create {
  override async toJsonLd(options: ToJsonLdOptions = {}): Promise<unknown> {
    if (options.format === 'expand') return super.toJsonLd(options);
    const expanded = await super.toJsonLd({ ...options, format: 'expand', context: undefined });
    return compactWith(storyActivityContext, expanded, options);
  }
}
