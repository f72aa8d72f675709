CREATE TABLE `fediverse_blocklist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fediverse_blocklist_user_target` ON `fediverse_blocklist` (`user_id`,`kind`,`target`);--> statement-breakpoint
CREATE TABLE `fediverse_interactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`story_id` integer NOT NULL,
	`kind` text NOT NULL,
	`activity_id` text NOT NULL,
	`note_id` text,
	`actor_id` text NOT NULL,
	`actor_host` text NOT NULL,
	`handle` text NOT NULL,
	`name` text,
	`avatar_url` text,
	`content_html` text,
	`url` text,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`story_id`) REFERENCES `block_story_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fediverse_interactions_activity` ON `fediverse_interactions` (`activity_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fediverse_interactions_story_actor` ON `fediverse_interactions` (`story_id`,`actor_id`,`kind`) WHERE "fediverse_interactions"."kind" <> 'reply';--> statement-breakpoint
CREATE INDEX `fediverse_interactions_user_received` ON `fediverse_interactions` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `fediverse_interactions_user_host` ON `fediverse_interactions` (`user_id`,`actor_host`,`created_at`);--> statement-breakpoint
CREATE INDEX `fediverse_interactions_story` ON `fediverse_interactions` (`story_id`,`kind`);--> statement-breakpoint
CREATE INDEX `fediverse_interactions_actor` ON `fediverse_interactions` (`actor_id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `fediverse_interaction_id` integer REFERENCES fediverse_interactions(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `notifications_fediverse_interaction` ON `notifications` (`fediverse_interaction_id`);