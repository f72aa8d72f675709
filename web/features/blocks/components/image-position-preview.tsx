import { MoveIcon } from 'lucide-react';
import { type PointerEvent, useId, useRef } from 'react';
import type { ImageRatio } from '../../../../schema/block-values';
import { aspectRatioOf } from '../../../../schema/block-values';
import { cn } from '../../../lib/utils';
import {
  draggedFocalPoint,
  type FocalPoint,
  focalPointAfterKey,
  formatImagePosition,
  parseImagePosition,
} from '../block-rules';

// Each shape about as large as the others: wide ones wider, tall ones narrower.
const previewWidthClass: Record<ImageRatio, string> = {
  square: 'max-w-xs',
  wide: 'max-w-sm',
  tall: 'max-w-60',
};

type ImagePositionPreviewProps = {
  src: string;
  /** The shape the card will show: a block following the board has the board's. */
  ratio: ImageRatio;
  position: string;
  onPositionChange: (position: string) => void;
  onLoad: (image: HTMLImageElement) => void;
  onError: () => void;
};

/** The image as the card will crop it; dragging it (or the arrow keys) moves the focal point. */
export function ImagePositionPreview({
  src,
  ratio,
  position,
  onPositionChange,
  onLoad,
  onError,
}: ImagePositionPreviewProps) {
  const drag = useRef<{ start: FocalPoint; x: number; y: number } | null>(null);
  const hintId = useId();
  const point = parseImagePosition(position);

  function startDrag(event: PointerEvent<HTMLButtonElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: point, x: event.clientX, y: event.clientY };
  }
  function moveDrag(event: PointerEvent<HTMLButtonElement>) {
    if (!drag.current) return;
    const { start, x, y } = drag.current;
    onPositionChange(
      formatImagePosition(draggedFocalPoint(start, event.clientX - x, event.clientY - y)),
    );
  }
  function endDrag() {
    drag.current = null;
  }

  return (
    <div className="space-y-1.5">
      <button
        type="button"
        aria-label="Image position"
        aria-describedby={hintId}
        onPointerDown={startDrag}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={(event) => {
          const next = focalPointAfterKey(point, event.key);
          if (!next) return;
          event.preventDefault();
          onPositionChange(formatImagePosition(next));
        }}
        className={cn(
          'relative block w-full cursor-grab touch-none select-none overflow-hidden rounded-lg border border-gray-200 bg-gray-100 active:cursor-grabbing focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500',
          previewWidthClass[ratio],
        )}
        style={{ aspectRatio: aspectRatioOf(ratio) }}
      >
        <img
          src={src}
          alt=""
          draggable={false}
          onLoad={(event) => onLoad(event.currentTarget)}
          onError={onError}
          className="pointer-events-none size-full object-cover"
          style={{ objectPosition: formatImagePosition(point) }}
        />
        <span className="absolute bottom-2 left-2 flex items-center gap-1 rounded-md bg-black/70 px-2 py-1 text-xs text-on-photo">
          <MoveIcon aria-hidden className="size-3" />
          {formatImagePosition(point)}
        </span>
      </button>
      <p id={hintId} className="text-xs text-gray-600">
        Drag the image, or use the arrow keys, to choose which part shows.
      </p>
    </div>
  );
}
