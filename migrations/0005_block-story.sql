CREATE TABLE `block_story_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`block_id` integer NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `block_story_events_user_at` ON `block_story_events` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `block_story_events_block` ON `block_story_events` (`block_id`);--> statement-breakpoint
ALTER TABLE `blocks` ADD `status_since` integer;--> statement-breakpoint
-- Blocks made before their story was kept get the likeliest one: a block in Now or Planned has
-- been there since it was added (most are added in Now, copies in Planned); a Done block went
-- there with its last edit (moving to Done sets progress 100, usually the last change made).
UPDATE `blocks` SET `status_since` = CAST(
  CASE `status` WHEN 'done' THEN `updated_at` ELSE `created_at` END AS INTEGER
);--> statement-breakpoint
INSERT INTO `block_story_events` (`user_id`, `block_id`, `kind`, `at`)
SELECT `user_id`, `id`, 'added', CAST(`created_at` AS INTEGER) FROM `blocks` ORDER BY `id`;--> statement-breakpoint
INSERT INTO `block_story_events` (`user_id`, `block_id`, `kind`, `at`)
SELECT `user_id`, `id`, CASE `status` WHEN 'now' THEN 'started' WHEN 'done' THEN 'finished' ELSE 'planned' END, `status_since`
FROM `blocks` ORDER BY `id`;
