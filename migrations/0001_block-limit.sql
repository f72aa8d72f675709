-- A board holds at most 200 blocks (maxBlocksPerBoard in schema/blocks.ts).
-- Checked by the database so that parallel creates and copies cannot overfill a board.
CREATE TRIGGER `blocks_board_limit` BEFORE INSERT ON `blocks`
WHEN (SELECT count(*) FROM `blocks` WHERE `user_id` = NEW.`user_id`) >= 200
BEGIN
  SELECT RAISE(ABORT, 'board_full');
END;
