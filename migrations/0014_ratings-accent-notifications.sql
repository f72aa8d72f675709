CREATE TABLE `notification_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`read_up_to` integer,
	`by_email` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_id` integer NOT NULL,
	`block_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_created` ON `notifications` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_actor` ON `notifications` (`recipient_id`,`actor_id`,`kind`);--> statement-breakpoint
CREATE INDEX `notifications_actor` ON `notifications` (`actor_id`);--> statement-breakpoint
CREATE INDEX `notifications_block` ON `notifications` (`block_id`);--> statement-breakpoint
ALTER TABLE `blocks` ADD `rating` real;--> statement-breakpoint
ALTER TABLE `blocks` ADD `review` text;--> statement-breakpoint
ALTER TABLE `blocks` ADD `is_wide` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `board_settings` ADD `accent` text DEFAULT 'violet' NOT NULL;