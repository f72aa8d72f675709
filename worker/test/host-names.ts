import { afterEach } from 'vitest';
import { type HostResolver, replaceHostResolver } from '../platform/host-addresses';

// Tests send nothing off this machine: no name resolves unless a test says what it resolves to.
const noNames: HostResolver = async () => [];
replaceHostResolver(noNames);
afterEach(() => {
  replaceHostResolver(noNames);
});

/** Until the test ends, each name in `table` resolves to its addresses (and no other name does). */
export function resolveNames(table: Record<string, string[]>) {
  replaceHostResolver(async (hostname) => table[hostname] ?? []);
}
