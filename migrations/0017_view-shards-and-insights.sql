CREATE TABLE `daily_block_clicks` (
	`block_id` integer NOT NULL,
	`board_id` integer NOT NULL,
	`day` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`block_id`, `day`),
	FOREIGN KEY (`block_id`) REFERENCES `blocks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `daily_block_clicks_board_day` ON `daily_block_clicks` (`board_id`,`day`);--> statement-breakpoint
CREATE TABLE `daily_insights` (
	`board_id` integer NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`board_id`, `day`, `kind`, `name`),
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_view_ledger` (
	`board_id` integer NOT NULL,
	`shard` integer DEFAULT 0 NOT NULL,
	`flushed_seq` integer DEFAULT 0 NOT NULL,
	`rolled_seq` integer DEFAULT 0 NOT NULL,
	`pending_since` integer,
	PRIMARY KEY(`board_id`, `shard`),
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Every ledger row so far is the one counter its board had: it goes on as shard 0.
INSERT INTO `__new_view_ledger`("board_id", "shard", "flushed_seq", "rolled_seq", "pending_since") SELECT "board_id", 0, "flushed_seq", "rolled_seq", "pending_since" FROM `view_ledger`;--> statement-breakpoint
DROP TABLE `view_ledger`;--> statement-breakpoint
ALTER TABLE `__new_view_ledger` RENAME TO `view_ledger`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `view_ledger_unrolled` ON `view_ledger` (`board_id`) WHERE "view_ledger"."flushed_seq" > "view_ledger"."rolled_seq";--> statement-breakpoint
CREATE INDEX `view_ledger_pending` ON `view_ledger` (`pending_since`) WHERE "view_ledger"."pending_since" IS NOT NULL;