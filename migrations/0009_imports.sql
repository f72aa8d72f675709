ALTER TABLE `blocks` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `blocks_user_import_key_unique` ON `blocks` (`user_id`,`import_key`) WHERE "blocks"."import_key" IS NOT NULL;