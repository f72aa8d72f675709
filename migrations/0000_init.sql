CREATE TABLE `blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`position` integer NOT NULL,
	`type` text NOT NULL,
	`category` text NOT NULL,
	`emoji` text,
	`label` text,
	`title` text NOT NULL,
	`subtitle` text,
	`description` text,
	`image_url` text,
	`image_aspect_ratio` text DEFAULT 'square' NOT NULL,
	`image_position` text DEFAULT 'center' NOT NULL,
	`external_url` text,
	`status` text DEFAULT 'now' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`progress_enabled` integer DEFAULT true NOT NULL,
	`is_visible` integer DEFAULT true NOT NULL,
	`copy_count` integer DEFAULT 0 NOT NULL,
	`click_count` integer DEFAULT 0 NOT NULL,
	`copied_from_block_id` integer,
	`copied_from_user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`copied_from_block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`copied_from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `blocks_user_position` ON `blocks` (`user_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `blocks_user_copied_from_unique` ON `blocks` (`user_id`,`copied_from_block_id`) WHERE "blocks"."copied_from_block_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `board_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`global_image_ratio` text DEFAULT 'square' NOT NULL,
	`hide_all_images` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_views` (
	`board_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`board_id`, `day`),
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`email` text,
	`user_id` integer,
	`status` text DEFAULT 'new' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_created` ON `feedback` (`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`email_opt_in` integer DEFAULT false NOT NULL,
	`bio` text,
	`tagline` text,
	`avatar` text,
	`is_public` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `view_ledger` (
	`board_id` integer PRIMARY KEY NOT NULL,
	`flushed_seq` integer DEFAULT 0 NOT NULL,
	`rolled_seq` integer DEFAULT 0 NOT NULL,
	`pending_since` integer,
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `view_ledger_unrolled` ON `view_ledger` (`board_id`) WHERE "view_ledger"."flushed_seq" > "view_ledger"."rolled_seq";--> statement-breakpoint
CREATE INDEX `view_ledger_pending` ON `view_ledger` (`pending_since`) WHERE "view_ledger"."pending_since" IS NOT NULL;