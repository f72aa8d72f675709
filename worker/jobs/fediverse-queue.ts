import type { Message } from '@fedify/fedify';
import { handleStoryMessage } from '../domain/fediverse/delivery';
import { fediverse, fediverseData, namingUp2 } from '../domain/fediverse/federation';
import { withFollowersDigest } from '../domain/fediverse/followers-sync';
import { isStoryMessage } from '../domain/fediverse/story-queue';

/** Seconds before a failed message is tried again: 30 s, 1 min, 2 min… at most 12 hours. */
const retryDelaySeconds = (attempts: number) =>
  Math.min(30 * 2 ** Math.max(attempts - 1, 0), 12 * 60 * 60);

/**
 * The fediverse queue's consumer: our story messages (claim new events, fan one out a page of
 * inboxes at a time) and Fedify's own (one signed delivery to one inbox, an activity received).
 * Each message is handled on its own; one that fails is retried later with backoff, the rest of
 * the batch is not held up.
 */
export async function consumeFediverseQueue(batch: MessageBatch<unknown>, env: Env) {
  const federation = fediverse(env);
  const data = fediverseData(env);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if (isStoryMessage(message.body)) {
          await handleStoryMessage(federation, data, message.body);
        } else {
          const task = namingUp2(env, message.body as Message);
          await federation.processQueuedTask(
            data,
            await withFollowersDigest(federation, data, task),
          );
        }
        message.ack();
      } catch (error) {
        console.warn('Fediverse delivery failed; it will be tried again.', error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
