import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';

type Expiry = { expires?: number };

// Workers KV keeps a key at least a minute; a shorter TTL is checked against `expires` on read.
const minimumTtlSeconds = 60;

const encode = (key: KvKey) => JSON.stringify(key);
const expired = (metadata: Expiry | null | undefined) =>
  metadata?.expires !== undefined && metadata.expires < Date.now();

/**
 * Fedify's key–value store on Workers KV: keys are the JSON of Fedify's key arrays, values JSON.
 * KV is eventually consistent and has no compare-and-swap, so `cas` is left out (Fedify then
 * does without it); what Fedify keeps here is a cache and idempotency marks, which tolerate that.
 */
export class WorkersKvStore implements KvStore {
  constructor(private readonly namespace: KVNamespace) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const { value, metadata } = await this.namespace.getWithMetadata<T, Expiry>(
      encode(key),
      'json',
    );
    return value === null || expired(metadata) ? undefined : value;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttlMs = options?.ttl?.total('milliseconds');
    await this.namespace.put(encode(key), JSON.stringify(value), {
      metadata: ttlMs === undefined ? {} : { expires: Date.now() + ttlMs },
      ...(ttlMs !== undefined && {
        expirationTtl: Math.max(Math.ceil(ttlMs / 1000), minimumTtlSeconds),
      }),
    });
  }

  delete(key: KvKey): Promise<void> {
    return this.namespace.delete(encode(key));
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    if (prefix && prefix.length > 0) {
      const exact = await this.get(prefix);
      if (exact !== undefined) yield { key: prefix, value: exact };
    }
    // '["a","b"' + ',' matches the keys below ["a","b"]; '[' matches every key.
    const pattern = prefix && prefix.length > 0 ? `${encode(prefix).slice(0, -1)},` : '[';
    let cursor: string | undefined;
    do {
      const page = await this.namespace.list<Expiry>({ prefix: pattern, cursor });
      for (const { name, metadata } of page.keys) {
        if (expired(metadata)) continue;
        const value = await this.namespace.get(name, 'json');
        if (value !== null) yield { key: JSON.parse(name) as KvKey, value };
      }
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
  }
}
