ALTER TABLE "sessions" ADD COLUMN "episodes_to_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "speaker" text;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "dates" jsonb;--> statement-breakpoint
CREATE INDEX "sessions_episodes_pending_idx" ON "sessions" USING btree ("updated_at") WHERE "sessions"."last_seq" > "sessions"."episodes_to_seq";--> statement-breakpoint
CREATE INDEX "memories_source_session_idx" ON "memories" USING btree ("tenant_id",("source"->>'sessionId'));