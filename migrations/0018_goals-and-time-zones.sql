CREATE TABLE `goals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`year` integer NOT NULL,
	`target` integer NOT NULL,
	`scope` text NOT NULL,
	`scope_key` text,
	`is_private` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `goals_user_year` ON `goals` (`user_id`,`year`);--> statement-breakpoint
ALTER TABLE `block_story_events` ADD `goal_id` integer REFERENCES goals(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `block_story_events_goal` ON `block_story_events` (`goal_id`) WHERE "block_story_events"."goal_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `board_settings` ADD `time_zone` text;