CREATE TABLE `source_items` (
	`user_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`source_id` integer,
	`block_id` integer,
	`status` text NOT NULL,
	`fingerprint` text NOT NULL,
	`hand_edited` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `item_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `source_items_source` ON `source_items` (`source_id`);--> statement-breakpoint
CREATE INDEX `source_items_block` ON `source_items` (`block_id`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`shelves` text DEFAULT '[]' NOT NULL,
	`start_hidden` integer DEFAULT false NOT NULL,
	`block_per_item` integer DEFAULT false NOT NULL,
	`slot` integer NOT NULL,
	`etag` text,
	`last_modified` text,
	`body_hash` text,
	`checked_at` integer,
	`check_requested_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`failing_since` integer,
	`last_error` text,
	`not_before` integer,
	`paused_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sources_user_url` ON `sources` (`user_id`,`url`);--> statement-breakpoint
CREATE INDEX `sources_slot` ON `sources` (`slot`) WHERE "sources"."paused_by" IS NULL;