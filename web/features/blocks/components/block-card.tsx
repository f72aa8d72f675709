import type { LucideIconData } from 'lucide-react';
import { __iconData as externalLinkIcon } from 'lucide-react/icons/external-link';
import { __iconData as closeIcon } from 'lucide-react/icons/x';
import { type CSSProperties, type MouseEvent, type ReactNode, useId, useState } from 'react';
import { aspectRatioOf, maxRating, ratingLabel } from '../../../../schema/block-values';
import type { PublicBlock } from '../../../../schema/blocks';
import { BlockIcon } from '../../../components/block-icon';
import { SpriteIcon } from '../../../components/icon-sprite';
import { Button } from '../../../components/ui/button';
import { visitBlockAttribute } from '../../../lib/page-actions';
import { machineTime } from '../../../lib/relative-time';
import { useBlockLook } from '../../../lib/use-block-look';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import type { BoardSettings } from '../api/get-own-blocks';
import { progressBar } from '../block-rules';
import { storyLine } from '../block-story';
import { tintFor } from './category-styles';

/** The icons every card may draw besides its type's, for the board's sprite. */
export const cardIcons: LucideIconData[] = [externalLinkIcon, closeIcon];

/**
 * default: fixed-ratio media; max: wide video media, roomier; auto: no media box without an image
 * (Discover's cards); compact: text only, no media at all.
 */
export type BlockViewMode = 'default' | 'max' | 'auto' | 'compact';

/**
 * A board as its cards read it: its look, and whether its links are vouched for. A new account's
 * (`nofollowLinks`, until its address is proven and it is a day old) carry rel="nofollow ugc", so
 * a board made for spam earns its links no standing with search engines.
 */
export type CardBoard = BoardSettings & { nofollowLinks?: boolean };

/** The rel of a block's Visit Link: its owner's own profile is rel="me"; a new account's, nofollow. */
export function visitLinkRel(
  block: Pick<PublicBlock, 'linksOwnProfile'>,
  board: Pick<CardBoard, 'nofollowLinks'>,
) {
  return [
    block.linksOwnProfile && 'me',
    'noopener noreferrer',
    board.nofollowLinks && 'nofollow ugc',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Where Visit Link leads: the link, or the warning before a site a moderator blocked. */
export const visitLinkHref = (block: Pick<PublicBlock, 'id' | 'externalUrl' | 'linkReported'>) =>
  block.linkReported ? `/leave/${block.id}` : (block.externalUrl ?? undefined);

type BlockCardProps<B extends PublicBlock> = {
  block: B;
  board: CardBoard;
  viewMode?: BlockViewMode;
  /** The owner's cards open the edit dialog when clicked. */
  onEdit?: (block: B) => void;
  action?: ReactNode;
  /** Cards in view when the page opens: their image is fetched at once, not lazily. */
  firstRow?: boolean;
};

function mediaRatio(block: PublicBlock, board: BoardSettings, viewMode: BlockViewMode) {
  if (viewMode === 'max') return aspectRatioOf('wide');
  return aspectRatioOf(
    block.imageAspectRatio === 'auto' ? board.globalImageRatio : block.imageAspectRatio,
  );
}

/**
 * A click anywhere on an owner's card opens the editor, except on the card's own links and
 * buttons, and in what it portals out (the image viewer, whose clicks still bubble through React).
 */
function isEditClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return false;
  const control = target.closest('a, button');
  return !control || control.hasAttribute('data-edit-block');
}

export function BlockCard<B extends PublicBlock>({
  block,
  board,
  viewMode = 'default',
  onEdit,
  action,
  firstRow = false,
}: BlockCardProps<B>) {
  const look = useBlockLook(block);
  const label = block.label || look?.typeLabel;
  return (
    // A microformats2 h-entry (name, published, url, category, photo), for IndieWeb readers.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title is the keyboard's edit button; this widens the click target to the whole card
    <article
      onClick={onEdit ? (event) => isEditClick(event) && onEdit(block) : undefined}
      className={cn(
        'block-card h-entry',
        onEdit && 'cursor-pointer transition-shadow hover:shadow-md',
      )}
    >
      <BlockMedia block={block} board={board} viewMode={viewMode} firstRow={firstRow} />
      <div className={cn('block-card-body', viewMode === 'max' && 'gap-2 p-5 sm:p-6')}>
        <div className="block-card-head">
          <data
            value={block.category}
            className={cn('block-card-icon p-category', tintFor(block.category))}
          >
            <BlockIcon block={block} className="size-4" />
          </data>
          {label && <span className="block-card-label">{label}</span>}
        </div>
        <h3 className="block-card-title p-name">
          {onEdit ? (
            <button
              type="button"
              aria-haspopup="dialog"
              data-edit-block
              className="text-left focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              {block.title}
            </button>
          ) : (
            block.title
          )}
        </h3>
        {block.subtitle && <p className="block-card-subtitle">{block.subtitle}</p>}
        {block.rating !== null && <BlockRating rating={block.rating} />}
        {block.review && <blockquote className="block-card-review">{block.review}</blockquote>}
        {block.description && <p className="block-card-description">{block.description}</p>}
        {block.progressEnabled && <BlockProgress block={block} />}
        <BlockStory block={block} />
        {(block.externalUrl || action) && (
          <div className="block-card-actions">
            {block.externalUrl && (
              <Button asChild variant="outline" size="compact">
                <a
                  href={visitLinkHref(block)}
                  target="_blank"
                  className="u-url"
                  rel={visitLinkRel(block, board)}
                  {...{ [visitBlockAttribute]: block.id }}
                >
                  Visit Link
                  <span className="sr-only">(opens in a new tab)</span>
                  <SpriteIcon icon={externalLinkIcon} />
                </a>
              </Button>
            )}
            {action}
          </div>
        )}
      </div>
    </article>
  );
}

function BlockMedia({
  block,
  board,
  viewMode,
  firstRow,
}: {
  block: PublicBlock;
  firstRow: boolean;
  board: BoardSettings;
  viewMode: BlockViewMode;
}) {
  const viewerId = useId();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (board.hideAllImages || viewMode === 'compact') return null;
  const aspectRatio = mediaRatio(block, board, viewMode);
  const imageUrl = block.imageUrl && block.imageUrl !== failedUrl ? block.imageUrl : null;
  if (!imageUrl) {
    if (viewMode === 'auto') return null;
    return <BlockTile block={block} />;
  }
  return (
    <>
      <button
        type="button"
        aria-label={`View image: ${block.title}`}
        popoverTarget={viewerId}
        data-card-media
        className="block-card-media"
        style={{ aspectRatio }}
      >
        <img
          src={imageUrl}
          alt=""
          loading={firstRow ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedUrl(imageUrl)}
          className="u-photo size-full object-cover"
          style={{ objectPosition: block.imagePosition }}
        />
      </button>
      <ImageViewer id={viewerId} src={imageUrl} title={block.title} />
    </>
  );
}

/**
 * A block without an image: a short band in the board's colour with its type's icon and its title
 * set as on a cover, whatever the image ratio (a wide block's ratio would make it a large empty
 * box). The heading below holds the title for screen readers, copying and search.
 */
function BlockTile({ block }: { block: PublicBlock }) {
  return (
    <div data-card-media data-tile aria-hidden className="block-card-tile">
      <span className="block-card-tile-icon">
        <BlockIcon block={block} className="size-5" />
      </span>
      {/* Drawn by CSS from the attribute: the heading below is the title's one copy in the text. */}
      <span className="block-card-tile-title" data-title={block.title} />
    </div>
  );
}

/**
 * The block's image at full size, as a native popover: it opens, and Escape or a click on the
 * dark overlay closes it, with no script, and it sits above the page whatever clips the card.
 */
function ImageViewer({ id, src, title }: { id: string; src: string; title: string }) {
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-label={title}
      className="m-auto overflow-visible bg-transparent p-0 backdrop:bg-black/85"
    >
      {/* Fetched only when the viewer opens: a closed popover is not rendered. */}
      <img
        src={src}
        alt={title}
        loading="lazy"
        className="max-h-[90dvh] max-w-[95vw] rounded-lg object-contain shadow-2xl"
      />
      <button
        type="button"
        popoverTarget={id}
        popoverTargetAction="hide"
        aria-label="Close"
        className="block-card-viewer-close"
      >
        <SpriteIcon icon={closeIcon} className="size-4" />
      </button>
    </div>
  );
}

function BlockStory({ block }: { block: PublicBlock }) {
  const now = useNow();
  const line = storyLine(block, now);
  if (!line || block.statusSince === null) return null;
  return (
    <p className="text-xs text-gray-600">
      {line.lead}{' '}
      <time className="dt-published" dateTime={machineTime(block.statusSince)}>
        {line.when}
      </time>
    </p>
  );
}

/** The owner's stars: drawn as five, filled to the rating; read as words. */
export function BlockRating({ rating }: { rating: number }) {
  const filled = `${(rating / maxRating) * 100}%`;
  return (
    <p className="block-card-rating">
      <span
        aria-hidden="true"
        className="block-card-stars"
        style={{ '--rating': filled } as CSSProperties}
      >
        {'★'.repeat(maxRating)}
      </span>
      <span className="sr-only">{ratingLabel(rating)}</span>
    </p>
  );
}

export function BlockProgress({ block }: { block: PublicBlock }) {
  const { width, complete } = progressBar(block);
  return (
    <div className="block-progress">
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        className="block-progress-track"
      >
        {/* h-[100%], not h-full: a microformats parser reads any h-word class as an item. */}
        <div
          className={cn('h-[100%] rounded-full', complete ? 'bg-green-600' : 'bg-accent')}
          style={{ width: `${width}%` }}
        />
      </div>
      <span className="block-progress-value">{width}%</span>
    </div>
  );
}
