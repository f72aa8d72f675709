import { type ComponentType, lazy } from 'react';
import { loadChunk } from '../lib/load-chunk';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A screen fetched when first shown, like `React.lazy`, that can also be fetched ahead. Once
 * fetched it renders at once instead of suspending for a tick: React reads a thenable that
 * settles synchronously as already resolved. A server-rendered page preloads its screen and then
 * hydrates in one pass, so a change made meanwhile (the session read from this browser) cannot
 * reach server markup still waiting to hydrate, which React would otherwise find mismatched.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: Loaded<P> | undefined;
  const preload = async () => {
    loaded ??= { default: await loadChunk(load) };
    return loaded;
  };
  const Screen = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles synchronously, on purpose.
    return { then: (resolve: (value: Loaded<P>) => void) => resolve(module) } as Promise<Loaded<P>>;
  });
  return { Screen, preload };
}
