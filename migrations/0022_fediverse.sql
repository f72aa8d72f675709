CREATE TABLE `fediverse_followers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`actor_id` text NOT NULL,
	`follow_id` text NOT NULL,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`delivery_inbox` text DEFAULT '' NOT NULL,
	`handle` text NOT NULL,
	`name` text,
	`avatar_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fediverse_followers_user_actor` ON `fediverse_followers` (`user_id`,`actor_id`);--> statement-breakpoint
CREATE INDEX `fediverse_followers_user_followed` ON `fediverse_followers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `fediverse_followers_actor` ON `fediverse_followers` (`actor_id`);--> statement-breakpoint
CREATE INDEX `fediverse_followers_user_delivery` ON `fediverse_followers` (`user_id`,`delivery_inbox`);--> statement-breakpoint
CREATE TABLE `fediverse_keys` (
	`user_id` integer NOT NULL,
	`algorithm` text NOT NULL,
	`private_key` text NOT NULL,
	`public_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `algorithm`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fediverse_outboxes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`announced_up_to` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
