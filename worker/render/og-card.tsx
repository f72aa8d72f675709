import type { LucideIconData, LucideIconNode } from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import type { z } from 'zod';
import { type AccentColour, accentShade } from '../../schema/accents';
import type { publicBoardAnswer } from '../../schema/boards';
import { categoryHue } from '../../schema/categories';
import { ownImagePath } from '../../schema/fields';
import { blockLook } from '../../web/server';
import { oklchToHex, tailwindScales } from './tailwind-palette';

/** The size Open Graph and Twitter's large summary card ask for (1.91:1). */
export const ogImageSize = { width: 1200, height: 630 } as const;

/**
 * Bump when the card's design changes: it is part of every card's fingerprint, which names the
 * stored image, its ETag and the address the board page gives unfurlers.
 */
export const ogImageVersion = 3;

/** As many Now blocks as fit the card's width readably. */
export const ogCardBlockCount = 4;

type PublicBoard = z.infer<typeof publicBoardAnswer>;

/**
 * Everything the card draws, taken from the board as any visitor gets it (visible blocks only, a
 * public profile's fields): nothing else of the board reaches the renderer.
 */
export type OgCard = {
  username: string;
  displayName: string;
  tagline: string | null;
  /** An avatar uploaded here (an R2 image path); a picture from elsewhere cannot be fetched. */
  avatar: string | null;
  /** The board's colour: the card's top edge, the @name and the initial's tint. */
  accent: AccentColour;
  now: { type: string; emoji: string | null; category: string; label: string; title: string }[];
};

export function ogCardOf(board: PublicBoard): OgCard {
  const { user, blocks, board: settings } = board;
  const avatar = user.avatar && ownImagePath.test(user.avatar) ? user.avatar : null;
  return {
    username: user.username,
    displayName: user.displayName,
    tagline: user.tagline?.trim() || null,
    avatar,
    accent: settings.accent,
    now: blocks
      .filter((block) => block.status === 'now')
      .slice(0, ogCardBlockCount)
      .map((block) => ({
        type: block.type,
        emoji: block.emoji,
        category: block.category,
        // What the board's card heads a block with: its own label, else its type's.
        label: block.label || blockLook(block).typeLabel || '',
        title: block.title,
      })),
  };
}

/**
 * Names this card's image: equal for two boards exactly when they draw the same card in the same
 * design, so any change a visitor could see in the card gives a new name.
 */
export async function ogCardFingerprint(card: OgCard): Promise<string> {
  const text = JSON.stringify({ design: ogImageVersion, card });
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  return Array.from(digest.subarray(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// The board's own colours (the category tints of web/features/blocks/components/category-styles.ts
// and the page's grays and violets), from the installed Tailwind, as hex: satori reads no OKLCH.
// Read when a card is drawn, not when the Worker starts.
export function shade(hue: string, step: number): string {
  const colour = tailwindScales().get(hue)?.get(step);
  if (!colour) throw new Error(`Tailwind has no ${hue}-${step}`);
  return oklchToHex(colour);
}

function tintOf(category: string) {
  const hue = categoryHue(category);
  return { background: shade(hue, 100), color: shade(hue, 800) };
}

function svgElement([tag, attributes, children = []]: LucideIconNode): ReactElement {
  return createElement(tag, attributes, ...children.map(svgElement));
}

function Icon({ icon, size, color }: { icon: LucideIconData; size: number; color: string }) {
  const grid = icon.size ?? icon.width ?? 24;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: drawn into a PNG, whose text alternative is og:image:alt
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${grid} ${grid}`}
      fill="none"
      stroke={color}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {icon.node.map(svgElement)}
    </svg>
  );
}

function Avatar({ card, picture }: { card: OgCard; picture: string | null }) {
  const size = 152;
  const frame = {
    width: size,
    height: size,
    borderRadius: size / 2,
    flexShrink: 0,
    // A ring, not a shadow: blurs cost the rasteriser more than the rest of the card together.
    border: `6px solid ${shade('gray', 200)}`,
  };
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        width={size}
        height={size}
        style={{ ...frame, objectFit: 'cover' }}
      />
    );
  }
  return (
    <div
      style={{
        ...frame,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: shade(card.accent, 100),
        color: shade(card.accent, 800),
        fontSize: 64,
        fontWeight: 600,
      }}
    >
      {card.displayName.trim().charAt(0).toUpperCase() || '?'}
    </div>
  );
}

function NowBlock({ block }: { block: OgCard['now'][number] }) {
  const tint = tintOf(block.category);
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        flex: 1,
        minWidth: 0,
        gap: 14,
        padding: 24,
        background: 'white',
        border: `2px solid ${shade('gray', 200)}`,
        borderRadius: 20,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 48,
            height: 48,
            flexShrink: 0,
            borderRadius: 12,
            background: tint.background,
          }}
        >
          <Icon icon={blockLook(block).icon} size={26} color={tint.color} />
        </div>
        <div
          style={{
            display: 'block',
            flex: 1,
            minWidth: 0,
            fontSize: 16,
            fontWeight: 600,
            letterSpacing: 1,
            textTransform: 'uppercase',
            color: shade('gray', 600),
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {block.label}
        </div>
      </div>
      <div
        style={{
          display: 'block',
          fontSize: 26,
          fontWeight: 600,
          lineHeight: 1.25,
          color: shade('gray', 900),
          lineClamp: 2,
          overflow: 'hidden',
        }}
      >
        {block.title}
      </div>
    </div>
  );
}

export function Wordmark() {
  return (
    <div
      style={{
        display: 'flex',
        padding: '10px 22px',
        borderRadius: 16,
        background: shade('violet', 700),
        color: 'white',
        fontSize: 34,
        fontWeight: 700,
        letterSpacing: -0.5,
      }}
    >
      Up2
    </div>
  );
}

/**
 * The card as an element tree for the renderer (satori), drawn like the board: the owner's
 * header, then their first Now blocks as the board's cards show them. `picture` is the avatar's
 * bytes as a data: URL, or null for the initial.
 */
export function ogCardTree(card: OgCard, picture: string | null): ReactElement {
  const hasBlocks = card.now.length > 0;
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: ogImageSize.width,
        height: ogImageSize.height,
        padding: '60px 72px 64px',
        background: shade('gray', 50),
        borderTop: `12px solid ${shade(card.accent, accentShade)}`,
        fontFamily: 'Inter, Inter Extended',
        color: shade('gray', 900),
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 40,
          // Without blocks, the header fills the card (satori reads an undefined style as set).
          ...(hasBlocks ? {} : { flex: 1 }),
        }}
      >
        <Avatar card={card} picture={picture} />
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, gap: 6 }}>
          <div
            style={{
              display: 'block',
              fontSize: 60,
              fontWeight: 700,
              lineHeight: 1.1,
              letterSpacing: -1,
              lineClamp: 1,
              overflow: 'hidden',
            }}
          >
            {card.displayName}
          </div>
          <div
            style={{
              display: 'flex',
              fontSize: 30,
              fontWeight: 600,
              color: shade(card.accent, accentShade),
            }}
          >
            {`@${card.username}`}
          </div>
          {card.tagline && (
            <div
              style={{
                display: 'block',
                marginTop: 6,
                fontSize: 28,
                lineHeight: 1.35,
                color: shade('gray', 700),
                lineClamp: 2,
                overflow: 'hidden',
              }}
            >
              {card.tagline}
            </div>
          )}
        </div>
        <div style={{ display: 'flex', alignSelf: 'flex-start' }}>
          <Wordmark />
        </div>
      </div>
      {hasBlocks && (
        <div style={{ display: 'flex', flexDirection: 'column', marginTop: 'auto', gap: 16 }}>
          <div
            style={{
              display: 'flex',
              fontSize: 20,
              fontWeight: 700,
              letterSpacing: 2,
              textTransform: 'uppercase',
              color: shade('gray', 500),
            }}
          >
            Now
          </div>
          <div style={{ display: 'flex', gap: 20 }}>
            {card.now.map((block, index) => (
              // The card's blocks never reorder: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <NowBlock key={index} block={block} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
