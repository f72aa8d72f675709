-- A board holds at most 50,000 blocks (maxBlocksPerBoard in schema/blocks.ts). Its size is kept
-- in board_sizes by triggers, so the check before each insert reads one row, not the board.
CREATE TABLE `board_sizes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`blocks` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `board_sizes` (`user_id`, `blocks`)
SELECT `user_id`, count(*) FROM `blocks` GROUP BY `user_id`;--> statement-breakpoint
DROP TRIGGER `blocks_board_limit`;--> statement-breakpoint
CREATE TRIGGER `blocks_board_limit` BEFORE INSERT ON `blocks`
WHEN (SELECT `blocks` FROM `board_sizes` WHERE `user_id` = NEW.`user_id`) >= 50000
BEGIN
  SELECT RAISE(ABORT, 'board_full');
END;--> statement-breakpoint
CREATE TRIGGER `blocks_board_size_insert` AFTER INSERT ON `blocks`
BEGIN
  INSERT INTO `board_sizes` (`user_id`, `blocks`) VALUES (NEW.`user_id`, 1)
  ON CONFLICT (`user_id`) DO UPDATE SET `blocks` = `blocks` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_board_size_delete` AFTER DELETE ON `blocks`
BEGIN
  UPDATE `board_sizes` SET `blocks` = `blocks` - 1 WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- A new visible block is the board's latest change (updated_at only grows): no need to read the
-- board's other blocks, which an import of 20,000 rows would read 20,000 times.
DROP TRIGGER `blocks_board_updated_insert`;--> statement-breakpoint
CREATE TRIGGER `blocks_board_updated_insert` AFTER INSERT ON `blocks` WHEN NEW.`is_visible` = 1
BEGIN
  UPDATE `users` SET `board_updated_at` = CAST(NEW.`updated_at` AS INTEGER)
  WHERE `id` = NEW.`user_id`
    AND (`board_updated_at` IS NULL OR `board_updated_at` < CAST(NEW.`updated_at` AS INTEGER));
END;--> statement-breakpoint
-- The boards a bulk writer (an import, a source's check) is adding blocks to, within its batch:
-- Discover's index of their titles is rewritten once at the end of the batch, not once a block.
CREATE TABLE `board_bulk_writes` (
	`user_id` integer PRIMARY KEY NOT NULL
);--> statement-breakpoint
DROP TRIGGER `blocks_search_insert`;--> statement-breakpoint
CREATE TRIGGER `blocks_search_insert` AFTER INSERT ON `blocks`
WHEN NEW.`is_visible` = 1
  AND NOT EXISTS (SELECT 1 FROM `board_bulk_writes` WHERE `user_id` = NEW.`user_id`)
BEGIN
  UPDATE `board_search` SET `block_titles` =
    (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1)
  WHERE `rowid` = NEW.`user_id`;
END;--> statement-breakpoint
-- A public tab's page (visible blocks of one status, in board order) and the tabs' counts, read
-- from the index alone.
CREATE INDEX `blocks_public_tab` ON `blocks` (`user_id`,`is_visible`,`status`,`position`);
