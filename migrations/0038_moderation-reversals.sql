ALTER TABLE `moderation_actions` ADD `reverses` integer REFERENCES moderation_actions(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_actions_reversed_once` ON `moderation_actions` (`reverses`);--> statement-breakpoint
-- An unsuspension reverses the board's suspension before it.
UPDATE `moderation_actions` SET `reverses` = (
  SELECT max(`suspension`.`id`) FROM `moderation_actions` AS `suspension`
  WHERE `suspension`.`board_id` = `moderation_actions`.`board_id`
    AND `suspension`.`action` = 'suspend' AND `suspension`.`id` < `moderation_actions`.`id`
) WHERE `action` = 'unsuspend';
