import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { SeededQuery } from './query-client';

const minuteMs = 60_000;
const renderedAtKey = ['rendered-at'] as const;

// Whole minutes: the cards of one render read the same time, a render repeated within the minute
// gives the same bytes (and ETag), and the screen redraws only when the minute turns.
const clockNow = () => Math.floor(Date.now() / minuteMs) * minuteMs;

/**
 * The time a server render counts "3 weeks ago" from, sent with its data: the browser hydrates
 * the page counting from the same time, so the words match however long ago it was rendered.
 */
export function renderedAtSeed(): SeededQuery {
  return { queryKey: renderedAtKey, data: clockNow() };
}

const listeners = new Set<() => void>();
let ticking: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  ticking ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, minuteMs);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticking);
      ticking = undefined;
    }
  };
}

/**
 * Now, in ms, for words relative to it. A server render and the hydration of its page read the
 * render's time (`renderedAtSeed`); the browser then moves on to its own clock, minute by minute.
 */
export function useNow(): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    subscribe,
    clockNow,
    () => queryClient.getQueryData<number>(renderedAtKey) ?? clockNow(),
  );
}
