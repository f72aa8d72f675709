CREATE TABLE `block_works` (
	`user_id` integer NOT NULL,
	`work` text NOT NULL,
	`block_id` integer NOT NULL,
	`qualifier` text,
	PRIMARY KEY(`user_id`, `work`, `block_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `block_works_block` ON `block_works` (`block_id`,`work`);--> statement-breakpoint
ALTER TABLE `blocks` ADD `hand_edited` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `blocks` ADD `works_indexed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `blocks_works_unindexed` ON `blocks` (`user_id`) WHERE "blocks"."works_indexed" = 0;--> statement-breakpoint
-- What the owner edited by hand moves from a source's record of its item to the block itself, so
-- every writer (imports too) keeps it.
UPDATE `blocks` SET `hand_edited` = (
  SELECT coalesce(max(`hand_edited`), 0) FROM `source_items` WHERE `source_items`.`block_id` = `blocks`.`id`
) WHERE `id` IN (SELECT `block_id` FROM `source_items` WHERE `hand_edited` <> 0);--> statement-breakpoint
ALTER TABLE `source_items` DROP COLUMN `hand_edited`;