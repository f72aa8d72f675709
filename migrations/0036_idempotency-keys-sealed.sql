-- Kept answers were stored in clear under the client's key; they are only retry caches, so they go.
DELETE FROM `idempotency_keys`;--> statement-breakpoint
ALTER TABLE `idempotency_keys` RENAME COLUMN `key` TO `key_hash`;--> statement-breakpoint
ALTER TABLE `idempotency_keys` RENAME COLUMN `body` TO `sealed_body`;
