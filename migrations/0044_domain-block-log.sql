-- The audit log of domain blocks: a lifted block left no trace of who blocked it, why, or who
-- lifted it. The blocks standing today enter the log as added when they were.
CREATE TABLE `domain_block_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`host` text NOT NULL,
	`kind` text NOT NULL,
	`event` text NOT NULL,
	`note` text,
	`moderator_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `domain_block_log` (`host`, `kind`, `event`, `note`, `moderator_id`, `created_at`)
SELECT `host`, `kind`, 'blocked', `note`, `moderator_id`, `created_at` FROM `domain_blocks` ORDER BY `id`;
