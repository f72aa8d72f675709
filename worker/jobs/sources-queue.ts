import { allSlots, slotsDueAt } from '../domain/sources/schedule';
import { checkDueSource, sourcesByIds, sourcesDueInSlot } from '../domain/sources/sources';
import { getDb } from '../platform/db';

/**
 * The sources queue's messages: a slot of the schedule (its sources are found and sent as checks),
 * or sources of one host to check. A queue bills each message three operations, so a check message
 * carries up to 20 sources (decision 0032).
 */
export type SourcesMessage =
  | { kind: 'slot'; slot: number }
  | { kind: 'check'; sourceIds: number[] };

// A queue takes at most 100 messages in one send.
const sendAtOnce = 100;
const sourcesPerMessage = 20;
/** Never more than this many requests to one host at once from one batch (a site hosting many feeds). */
const perHostAtOnce = 2;
const checksAtOnce = 8;

async function sendAll(env: Env, messages: SourcesMessage[]) {
  for (let start = 0; start < messages.length; start += sendAtOnce) {
    await env.SOURCES_QUEUE.sendBatch(
      messages.slice(start, start + sendAtOnce).map((body) => ({ body })),
    );
  }
}

/**
 * The cron's part, every minute: the minute's slots to the queue (16 messages, whatever the
 * number of sources). `everything`: every slot, for a check of all due sources at once (a manual
 * trigger, `/cdn-cgi/handler/scheduled` in development).
 */
export async function sendDueSlots(env: Env, now: number, everything = false) {
  const slots = everything ? allSlots() : slotsDueAt(now);
  await sendAll(
    env,
    slots.map((slot) => ({ kind: 'slot', slot })),
  );
}

/** Check messages for these sources, each of one host: a host's sources travel together. */
function checksOf(due: { id: number; url: string }[]): SourcesMessage[] {
  const byHost = new Map<string, number[]>();
  for (const { id, url } of due) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), id]);
  }
  return [...byHost.values()].flatMap((ids) =>
    Array.from({ length: Math.ceil(ids.length / sourcesPerMessage) }, (_, n) => ({
      kind: 'check' as const,
      sourceIds: ids.slice(n * sourcesPerMessage, (n + 1) * sourcesPerMessage),
    })),
  );
}

/** Runs `task` over `items`, at most `atOnce` at a time and `perHost` for any one host. */
async function politely<T>(
  items: T[],
  hostOf: (item: T) => string,
  task: (item: T) => Promise<void>,
) {
  const busy = new Map<string, number>();
  const waiting = [...items];
  const running = new Set<Promise<void>>();
  const startable = () =>
    waiting.findIndex((item) => (busy.get(hostOf(item)) ?? 0) < perHostAtOnce);
  while (waiting.length > 0 || running.size > 0) {
    let next = startable();
    while (running.size < checksAtOnce && next !== -1) {
      const [item] = waiting.splice(next, 1) as [T];
      const host = hostOf(item);
      busy.set(host, (busy.get(host) ?? 0) + 1);
      const run = task(item).finally(() => {
        busy.set(host, (busy.get(host) ?? 1) - 1);
        running.delete(run);
      });
      running.add(run);
      next = startable();
    }
    if (running.size > 0) await Promise.race(running);
  }
}

const gateOf = (env: Env, host: string) =>
  env.FEED_HOST_GATE.get(env.FEED_HOST_GATE.idFromName(host));

/**
 * What each host's gate lets through now, across every consumer invocation at once. The rest are
 * left as they are, due again at their slot's next turn: a host behind more sources than its rate
 * has each checked less often, and no host is asked faster than its gate allows.
 */
async function admittedByHost<T>(env: Env, items: T[], hostOf: (item: T) => string) {
  const admitted = await Promise.all(
    [...Map.groupBy(items, hostOf)].map(async ([host, hostItems]) => {
      const count = await gateOf(env, host).admit(hostItems.length);
      if (count < hostItems.length) {
        console.log(
          `${hostItems.length - count} sources of ${host} wait: the host's rate is spent.`,
        );
      }
      return hostItems.slice(0, count);
    }),
  );
  return admitted.flat();
}

async function checkSources(batch: readonly Message<SourcesMessage>[], env: Env, now: number) {
  const db = getDb(env);
  const ids = batch.flatMap(({ body }) => (body.kind === 'check' ? body.sourceIds : []));
  const hostOf = ({ source }: { source: { url: string } }) => new URL(source.url).host;
  const found = await admittedByHost(env, await sourcesByIds(db, [...new Set(ids)]), hostOf);
  // What a check changes on a board is heard by the board changes consumer, as any write is.
  await politely(found, hostOf, async ({ source }) => {
    await checkDueSource(db, env, source, now).catch((error: unknown) => {
      console.error(`Source ${source.id} could not be checked.`, error);
    });
  });
}

/**
 * The consumer: a slot's message sends a check of each of its due sources; checks run politely
 * (a few at once, fewer per host, no faster than the host's gate). A check that fails is recorded
 * on its source and the message is done; only a failure of our own (the database) asks the queue
 * to send it again.
 */
export async function consumeSourcesQueue(batch: MessageBatch<SourcesMessage>, env: Env) {
  const now = Date.now();
  const db = getDb(env);
  try {
    for (const message of batch.messages) {
      if (message.body.kind !== 'slot') continue;
      const due = await sourcesDueInSlot(db, message.body.slot, now);
      await sendAll(env, checksOf(due));
    }
    await checkSources(batch.messages, env, now);
    batch.ackAll();
  } catch (error) {
    console.error('The sources queue batch failed; it will be sent again.', error);
    batch.retryAll();
  }
}
