CREATE TABLE `pending_images` (
	`key` text PRIMARY KEY NOT NULL,
	`stored_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_images_stored` ON `pending_images` (`stored_at`);