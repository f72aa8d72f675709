import { __iconData as externalLinkIcon } from 'lucide-react/icons/external-link';
import { useId } from 'react';
import { blockStatuses } from '../../../../schema/block-values';
import type { PublicBlock } from '../../../../schema/blocks';
import type { PublicBoard } from '../../../../schema/boards';
import { BlockIcon } from '../../../components/block-icon';
import { IconSprite, SpriteIcon } from '../../../components/icon-sprite';
import { UserAvatar } from '../../../components/ui/avatar';
import { visitBlockAttribute } from '../../../lib/page-actions';
import { useBlockLook, useBlockLooks } from '../../../lib/use-block-look';
import { cn } from '../../../lib/utils';
import { firstTabWithBlocks } from '../block-rules';
import { StatusChoice, TabPageLinks, type TabPages, tabCounts } from './block-board';
import { BlockProgress, BlockRating, visitLinkHref, visitLinkRel } from './block-card';
import { tintFor } from './category-styles';

// Catalogue keys: a key that is anything else never reaches the page's CSS.
const typeKeyPattern = /^[a-z0-9-]+$/;

/**
 * Which tab and which cards show, in CSS alone (as on the board, block-board.tsx): the status is a
 * radio and the type an option of a select, and each rule follows the checked one with `:has()`.
 */
function embedRules(types: string[]): string {
  return [
    '[data-embed] [data-panel], [data-embed] [data-empty] { display: none }',
    ...blockStatuses.map(
      (status) =>
        `[data-embed]:has([data-status-choice="${status}"]:checked) [data-panel="${status}"] { display: block }`,
    ),
    '[data-embed]:has([data-type-choice="all"]:checked) [data-panel]:not(:has([data-type])) [data-empty] { display: block }',
    ...types.flatMap((type) => [
      `[data-embed]:has([data-type-choice="${type}"]:checked) [data-type]:not([data-type="${type}"]) { display: none }`,
      `[data-embed]:has([data-type-choice="${type}"]:checked) [data-panel]:not(:has([data-type="${type}"])) [data-empty] { display: block }`,
    ]),
  ].join('\n');
}

/** The first block of each type the board uses, in the board's order: its look names the type. */
function oneBlockPerType(blocks: PublicBlock[]): PublicBlock[] {
  const byType = new Map<string, PublicBlock>();
  for (const block of blocks) {
    if (typeKeyPattern.test(block.type) && !byType.has(block.type)) byType.set(block.type, block);
  }
  return [...byType.values()];
}

/**
 * The board inside another site's frame, often a 600 px box or a 320 px sidebar: a one-line header,
 * the status tabs and the spec's type filter, then compact cards (icon, title, subtitle,
 * description, Visit), so the first screen is the blocks.
 */
export function EmbedBoard({ board, pages }: { board: PublicBoard; pages: TabPages }) {
  const { user, blocks } = board;
  const looks = useBlockLooks(blocks);
  const name = useId();
  const types = oneBlockPerType(blocks);
  return (
    <section data-embed className="space-y-3">
      <EmbedHeader user={user} />
      <IconSprite icons={[...looks.map((look) => look.icon), externalLinkIcon]}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant rules built from catalogue keys */}
        <style dangerouslySetInnerHTML={{ __html: embedRules(types.map((block) => block.type)) }} />
        <h2 className="sr-only">Activities</h2>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StatusChoice
            name={`${name}-status`}
            initialStatus={pages.pagedStatus ?? firstTabWithBlocks(blocks)}
            counts={tabCounts(pages.tabs)}
          />
          {types.length > 1 && <TypeFilter id={`${name}-type`} types={types} />}
        </div>
        {blockStatuses.map((status) => {
          const inTab = blocks.filter((block) => block.status === status);
          return (
            <div key={status} data-panel={status}>
              <p
                data-empty
                className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-gray-600"
              >
                No activities yet
              </p>
              {inTab.length > 0 && (
                <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
                  {inTab.map((block) => (
                    <li key={block.id} data-type={block.type} className="flex min-w-0">
                      <CompactCard
                        block={block}
                        hideImages={board.board.hideAllImages}
                        nofollowLinks={board.board.nofollowLinks}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <TabPageLinks status={status} pages={pages} />
            </div>
          );
        })}
      </IconSprite>
    </section>
  );
}

function EmbedHeader({ user }: { user: PublicBoard['user'] }) {
  return (
    <header className="flex items-center gap-3">
      <UserAvatar src={user.avatar} name={user.displayName} className="size-10 shrink-0" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-bold text-gray-900">{user.displayName}</h1>
        <p className="truncate text-xs text-gray-600">
          <a
            href={`/@${user.username}`}
            target="_blank"
            rel="noopener"
            className="font-medium text-accent hover:underline"
          >
            @{user.username}
          </a>
          {user.bio && <span> · {user.bio}</span>}
        </p>
      </div>
    </header>
  );
}

function TypeFilter({ id, types }: { id: string; types: PublicBlock[] }) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 font-medium text-gray-700">
        Type
      </label>
      <select
        id={id}
        defaultValue="all"
        className="min-w-0 max-w-48 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
      >
        <option value="all" data-type-choice="all">
          All
        </option>
        {types.map((block) => (
          <TypeOption key={block.type} block={block} />
        ))}
      </select>
    </div>
  );
}

function TypeOption({ block }: { block: PublicBlock }) {
  const look = useBlockLook(block);
  return (
    <option value={block.type} data-type-choice={block.type}>
      {look?.typeLabel ?? block.type}
    </option>
  );
}

/**
 * What the board's card shows, at the frame's size: the picture as a thumbnail (the type's icon
 * without one), title, subtitle, stars, description, progress and Visit.
 */
function CompactCard({
  block,
  hideImages,
  nofollowLinks,
}: {
  block: PublicBlock;
  hideImages: boolean;
  nofollowLinks: boolean;
}) {
  return (
    <article className="flex w-full min-w-0 gap-2.5 rounded-lg border border-gray-200 bg-white p-2.5 shadow-sm">
      {block.imageUrl && !hideImages ? (
        <img
          src={block.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          width={48}
          height={64}
          className="h-16 w-12 shrink-0 rounded-md bg-gray-100 object-cover"
          style={{ objectPosition: block.imagePosition }}
        />
      ) : (
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-md',
            tintFor(block.category),
          )}
        >
          <BlockIcon block={block} className="size-4" />
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-0.5">
        <h3 className="line-clamp-2 break-words text-sm font-semibold leading-snug text-gray-900">
          {block.title}
        </h3>
        {block.subtitle && (
          <p className="line-clamp-1 break-words text-xs text-gray-700">{block.subtitle}</p>
        )}
        {block.rating !== null && <BlockRating rating={block.rating} />}
        {block.description && (
          <p className="line-clamp-2 break-words text-xs text-gray-600">{block.description}</p>
        )}
        {block.progressEnabled && <BlockProgress block={block} />}
        {block.externalUrl && (
          <a
            href={visitLinkHref(block)}
            target="_blank"
            rel={visitLinkRel({ linksOwnProfile: false }, { nofollowLinks })}
            className="inline-flex items-center gap-1 pt-0.5 text-xs font-medium text-accent hover:underline"
            {...{ [visitBlockAttribute]: block.id }}
          >
            Visit
            <span className="sr-only"> Link (opens in a new tab)</span>
            <SpriteIcon icon={externalLinkIcon} className="size-3" />
          </a>
        )}
      </div>
    </article>
  );
}
