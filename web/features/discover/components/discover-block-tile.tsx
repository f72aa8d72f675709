import { useState } from 'react';
import { BlockIcon } from '../../../components/block-icon';
import type { DiscoverBlock } from '../api/get-discover';

// Intrinsic sizes per ratio, so the browser reserves the space before the image arrives.
const imageShapes = {
  square: { className: 'aspect-square', width: 320, height: 320 },
  wide: { className: 'aspect-video', width: 320, height: 180 },
  tall: { className: 'aspect-[3/4]', width: 320, height: 427 },
} as const;

function imageShape(ratio: string) {
  return ratio === 'wide' || ratio === 'tall' ? imageShapes[ratio] : imageShapes.square;
}

function BlockImage({ block }: { block: DiscoverBlock }) {
  const [failed, setFailed] = useState(false);
  if (!block.imageUrl || failed) return null;
  const shape = imageShape(block.imageAspectRatio);
  return (
    <img
      src={block.imageUrl}
      alt=""
      loading="lazy"
      decoding="async"
      width={shape.width}
      height={shape.height}
      onError={() => setFailed(true)}
      style={{ objectPosition: block.imagePosition }}
      className={`${shape.className} h-auto w-full bg-gray-100 object-cover`}
    />
  );
}

/** One activity on a discover card: icon, title, subtitle, image and a two-line description. */
export function DiscoverBlockTile({ block }: { block: DiscoverBlock }) {
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">
      <BlockImage block={block} />
      <div className="flex flex-1 flex-col p-3">
        <span className="mb-2 flex size-7 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
          <BlockIcon block={block} className="size-4" />
        </span>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold break-words text-gray-900">
          {block.title}
        </h3>
        {block.subtitle && (
          <p className="mt-0.5 truncate text-xs text-gray-600">{block.subtitle}</p>
        )}
        {block.description && (
          <p className="mt-1.5 line-clamp-2 text-xs leading-relaxed break-words text-gray-600">
            {block.description}
          </p>
        )}
      </div>
    </li>
  );
}
