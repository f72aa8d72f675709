CREATE TABLE `discover_totals` (
	`scope` text PRIMARY KEY NOT NULL,
	`boards` integer NOT NULL,
	`counted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `trending_blocks` (
	`scope` text NOT NULL,
	`rank` integer NOT NULL,
	`block_id` integer NOT NULL,
	`score` integer NOT NULL,
	PRIMARY KEY(`scope`, `rank`),
	FOREIGN KEY (`block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `users_discover`;--> statement-breakpoint
ALTER TABLE `users` ADD `last_activity_at` integer;--> statement-breakpoint
CREATE INDEX `users_discover_activity` ON `users` (`is_public`,`last_activity_at`,`id`);--> statement-breakpoint
CREATE INDEX `block_copies_created` ON `block_copies` (`created_at`);--> statement-breakpoint
CREATE INDEX `block_story_events_kind_at` ON `block_story_events` (`kind`,`at`);