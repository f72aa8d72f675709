import type { ReactElement } from 'react';
import { accentShade } from '../../schema/accents';
import type { YearFigures } from '../../schema/years';
import { shade, Wordmark } from './og-card';

/** The year's two images: its link-preview card, and a picture for phone stories. */
export const yearImageSizes = {
  card: { width: 1200, height: 630 },
  story: { width: 1080, height: 1920 },
} as const;
export type YearImageKind = keyof typeof yearImageSizes;

const monthLetters = 'JFMAMJJASOND';

function Strip({ figures, height }: { figures: YearFigures; height: number }) {
  const most = Math.max(1, ...figures.months.map((month) => month.events));
  const accent = shade(figures.board.accent, accentShade);
  return (
    <div style={{ display: 'flex', gap: 10, height, alignItems: 'flex-end' }}>
      {figures.months.map((month, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months never move
          key={index}
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'flex-end',
            flex: 1,
            height: '100%',
            gap: 8,
          }}
        >
          <div
            style={{
              display: 'flex',
              width: '100%',
              borderRadius: 6,
              height: Math.max(4, Math.round((month.events / most) * (height - 40))),
              background: index === figures.busiestMonth ? accent : shade('gray', 300),
            }}
          />
          <div style={{ display: 'flex', fontSize: 22, color: shade('gray', 600) }}>
            {monthLetters[index]}
          </div>
        </div>
      ))}
    </div>
  );
}

function Stat({ value, label, size }: { value: string; label: string; size: number }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div style={{ display: 'flex', fontSize: size, fontWeight: 700 }}>{value}</div>
      <div style={{ display: 'flex', fontSize: size * 0.4, color: shade('gray', 600) }}>
        {label}
      </div>
    </div>
  );
}

type Finish = YearFigures['finished']['latest'][number];

/** A finish as a cover: its picture, or its title on the board's colour; its title beneath. */
function FinishCover({
  block,
  picture,
  width,
  accent,
}: {
  block: Finish;
  picture: string | undefined;
  width: number;
  accent: string;
}) {
  const height = Math.round(width * 1.5);
  const titleSize = Math.round(width / 7.5);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width, gap: 10 }}>
      {picture ? (
        <img
          src={picture}
          alt=""
          width={width}
          height={height}
          style={{ objectFit: 'cover', borderRadius: 10 }}
        />
      ) : (
        <div
          style={{
            display: 'flex',
            alignItems: 'flex-end',
            width,
            height,
            padding: Math.round(width / 12),
            borderRadius: 10,
            background: accent,
            color: '#ffffff',
          }}
        >
          <div
            style={{
              display: 'block',
              fontSize: Math.round(width / 8),
              fontWeight: 700,
              lineClamp: 5,
              overflow: 'hidden',
            }}
          >
            {block.title}
          </div>
        </div>
      )}
      <div
        style={{
          display: 'block',
          fontSize: titleSize,
          fontWeight: 600,
          color: shade('gray', 800),
          lineClamp: 2,
          overflow: 'hidden',
        }}
      >
        {block.title}
      </div>
    </div>
  );
}

/** The year's latest finishes, covers and titles: two rows of three on a story, a row on a card. */
function Finishes({
  figures,
  covers,
  story,
  accent,
}: {
  figures: YearFigures;
  covers: ReadonlyMap<number, string>;
  story: boolean;
  accent: string;
}) {
  const shown = figures.finished.latest.slice(0, story ? 6 : 3);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: story ? 40 : 20 }}>
      {shown.map((block) => (
        <FinishCover
          key={block.id}
          block={block}
          picture={covers.get(block.id)}
          width={story ? 240 : 104}
          accent={accent}
        />
      ))}
    </div>
  );
}

/**
 * A year in review as an element tree for the renderer (satori): whose year, how many blocks
 * finished, their covers and titles, goals met, the busiest month, the twelve months; laid out for
 * a card or for a phone story. `covers`: the pictures of the latest finishes, by block id.
 */
export function yearImageTree(
  figures: YearFigures,
  kind: YearImageKind,
  covers: ReadonlyMap<number, string>,
): ReactElement {
  const size = yearImageSizes[kind];
  const story = kind === 'story';
  const accent = shade(figures.board.accent, accentShade);
  const goalsMet = figures.goals.filter((goal) => goal.done >= goal.target).length;
  const statSize = story ? 110 : 72;
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: size.width,
        height: size.height,
        padding: story ? '120px 90px' : '56px 72px',
        gap: story ? 48 : 28,
        background: shade('gray', 50),
        borderTop: `${story ? 24 : 12}px solid ${accent}`,
        fontFamily: 'Inter, Inter Extended',
        color: shade('gray', 900),
      }}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, flex: 1, minWidth: 0 }}>
          <div
            style={{ display: 'flex', fontSize: story ? 120 : 64, fontWeight: 700, color: accent }}
          >
            {String(figures.year)}
          </div>
          <div
            style={{
              display: 'block',
              fontSize: story ? 56 : 34,
              fontWeight: 600,
              lineClamp: 1,
              overflow: 'hidden',
            }}
          >
            {`${figures.user.displayName}'s year on Up2`}
          </div>
        </div>
        <Wordmark />
      </div>
      {figures.isEmpty ? (
        <div style={{ display: 'flex', fontSize: story ? 48 : 32, color: shade('gray', 700) }}>
          A quiet year: nothing on the board yet.
        </div>
      ) : (
        <div
          style={{
            display: 'flex',
            flexDirection: story ? 'column' : 'row',
            justifyContent: 'space-between',
            gap: story ? 48 : 40,
          }}
        >
          <div style={{ display: 'flex', gap: story ? 72 : 56 }}>
            <Stat value={String(figures.finished.total)} label="finished" size={statSize} />
            {figures.goals.length > 0 && (
              <Stat
                value={`${goalsMet}/${figures.goals.length}`}
                label="goals met"
                size={statSize}
              />
            )}
            {figures.busiestMonth !== null && (
              <Stat
                value={monthName(figures.busiestMonth)}
                label="busiest month"
                size={story ? 80 : 48}
              />
            )}
          </div>
          <Finishes figures={figures} covers={covers} story={story} accent={accent} />
        </div>
      )}
      <div style={{ display: 'flex', flexDirection: 'column', marginTop: 'auto' }}>
        <Strip figures={figures} height={story ? 260 : 150} />
      </div>
    </div>
  );
}

function monthName(month: number): string {
  return new Date(Date.UTC(2000, month, 1)).toLocaleString('en', {
    month: 'long',
    timeZone: 'UTC',
  });
}
