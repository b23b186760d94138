ALTER TABLE `player_tables` ADD `deals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_tables` ADD `turn_seat` integer;--> statement-breakpoint
ALTER TABLE `player_tables` ADD `turn_name` text;--> statement-breakpoint
ALTER TABLE `player_tables` ADD `status` text DEFAULT 'open' NOT NULL;