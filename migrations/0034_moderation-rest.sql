CREATE TABLE `domain_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`host` text NOT NULL,
	`kind` text NOT NULL,
	`note` text NOT NULL,
	`moderator_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domain_blocks_host_kind` ON `domain_blocks` (`host`,`kind`);--> statement-breakpoint
ALTER TABLE `reports` ADD `appeal_of` integer REFERENCES moderation_actions(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_appeal_once` ON `reports` (`appeal_of`);--> statement-breakpoint
ALTER TABLE `users` ADD `established_at` integer;--> statement-breakpoint
CREATE INDEX `users_awaiting_establishment` ON `users` (`created_at`) WHERE "users"."established_at" IS NULL AND "users"."email_verified" = 1;--> statement-breakpoint
-- Accounts a day old before the rule came are not new: they keep their place on Discover.
UPDATE `users` SET `established_at` = `created_at` WHERE `created_at` <= (unixepoch('subsec') - 86400) * 1000;