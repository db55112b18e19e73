ALTER TABLE "message_overrides" ADD COLUMN "body_raw" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_raw" text;