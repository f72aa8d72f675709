CREATE TABLE `board_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`username` text NOT NULL,
	`aspect` text NOT NULL,
	`origin` text NOT NULL,
	`stories_after` integer NOT NULL,
	`stories_up_to` integer,
	`created_at` integer NOT NULL,
	`claimed_until` integer,
	`handled_at` integer
);
--> statement-breakpoint
CREATE INDEX `board_changes_waiting` ON `board_changes` (`created_at`) WHERE "board_changes"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX `board_changes_user` ON `board_changes` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `deleted_blocks` (
	`block_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`image_url` text,
	`kept` text NOT NULL,
	`deleted_at` integer NOT NULL,
	`purge_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deleted_blocks_purge` ON `deleted_blocks` (`purge_at`);--> statement-breakpoint
-- A block brought back from deleted_blocks brings its copies' ledger back as it was: restoring
-- the ledger neither counts the copies again nor tells of them again.
DROP TRIGGER `block_copies_count`;
--> statement-breakpoint
CREATE TRIGGER `block_copies_count` AFTER INSERT ON `block_copies`
WHEN NOT EXISTS (SELECT 1 FROM `deleted_blocks` WHERE `block_id` = NEW.`source_block_id`)
BEGIN
  UPDATE `blocks` SET `copy_count` = `copy_count` + 1 WHERE `id` = NEW.`source_block_id`;
END;
--> statement-breakpoint
DROP TRIGGER notify_copied;
--> statement-breakpoint
CREATE TRIGGER notify_copied AFTER INSERT ON block_copies
WHEN NOT EXISTS (SELECT 1 FROM deleted_blocks WHERE block_id = NEW.source_block_id)
BEGIN
  INSERT INTO notifications (recipient_id, kind, actor_id, block_id)
  SELECT user_id, 'copied', NEW.copier_id, NEW.source_block_id FROM blocks WHERE id = NEW.source_block_id;
END;
