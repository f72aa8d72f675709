-- Each book or film block has its cover looked for once (cover_sought_at); a work's cover is found once for every board (work_covers).
CREATE TABLE `work_covers` (
	`work_key` text PRIMARY KEY NOT NULL,
	`image_url` text,
	`sought_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `blocks` ADD `cover_sought_at` integer;