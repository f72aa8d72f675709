-- A goal is one per year and scope. Duplicates set before this rule merge into the oldest
-- (the lowest id): its `reached` story events stay, a duplicate's move to it unless it has one.
CREATE TABLE `goal_duplicates` AS
SELECT `goals`.`id` AS `id`, (
  SELECT min(`kept`.`id`) FROM `goals` AS `kept`
  WHERE `kept`.`user_id` = `goals`.`user_id` AND `kept`.`year` = `goals`.`year`
    AND `kept`.`scope` = `goals`.`scope`
    AND coalesce(`kept`.`scope_key`, '') = coalesce(`goals`.`scope_key`, '')
) AS `kept_id`
FROM `goals`;
--> statement-breakpoint
DELETE FROM `goal_duplicates` WHERE `id` = `kept_id`;
--> statement-breakpoint
UPDATE OR IGNORE `block_story_events`
SET `goal_id` = (SELECT `kept_id` FROM `goal_duplicates` WHERE `goal_duplicates`.`id` = `block_story_events`.`goal_id`)
WHERE `goal_id` IN (SELECT `id` FROM `goal_duplicates`);
--> statement-breakpoint
DELETE FROM `block_story_events` WHERE `goal_id` IN (SELECT `id` FROM `goal_duplicates`);
--> statement-breakpoint
DELETE FROM `goals` WHERE `id` IN (SELECT `id` FROM `goal_duplicates`);
--> statement-breakpoint
DROP TABLE `goal_duplicates`;
--> statement-breakpoint
CREATE UNIQUE INDEX `goals_one_per_scope` ON `goals` (`user_id`,`year`,`scope`,coalesce(`scope_key`, ''));
