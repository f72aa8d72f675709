import { handleBoardChanges } from '../domain/board-changes/handle';
import type { BoardChangeMessage } from '../domain/board-changes/record';

/**
 * The board changes queue's consumer: every change any writer committed, heard once. A batch that
 * fails (the database) is sent again; changes it handled meanwhile are found handled and skipped.
 */
export async function consumeBoardChanges(
  batch: MessageBatch<BoardChangeMessage>,
  env: Env,
  ctx: ExecutionContext,
) {
  try {
    await handleBoardChanges(
      env,
      ctx,
      batch.messages.map((message) => message.body.changeId),
    );
    batch.ackAll();
  } catch (error) {
    console.error('Board changes were not handled; the batch will be sent again.', error);
    batch.retryAll();
  }
}
