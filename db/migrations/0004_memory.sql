CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "memories" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text,
	"agent_id" text,
	"session_scope" text,
	"type" text NOT NULL,
	"category" text,
	"key" text,
	"content" text NOT NULL,
	"abstract" text NOT NULL,
	"normalized" text NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"source" jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by" text,
	"extraction_id" text,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_events" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"memory_id" text NOT NULL,
	"extraction_id" text,
	"kind" text NOT NULL,
	"user_id" text,
	"agent_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_extractions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text,
	"agent_id" text,
	"from_seq" integer NOT NULL,
	"to_seq" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"extractor" text NOT NULL,
	"counts" jsonb,
	"tokens" jsonb,
	"error" text,
	"replay_of" text,
	"workflow_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "agent_id" text;--> statement-breakpoint
CREATE INDEX "memories_scope_idx" ON "memories" USING btree ("tenant_id","user_id","agent_id","status","type");--> statement-breakpoint
CREATE INDEX "memories_recorded_idx" ON "memories" USING btree ("tenant_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "memories_key_idx" ON "memories" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE INDEX "memories_trgm_idx" ON "memories" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memories_fts_idx" ON "memories" USING gin (to_tsvector('simple', "content"));--> statement-breakpoint
CREATE INDEX "memory_events_memory_idx" ON "memory_events" USING btree ("tenant_id","memory_id","created_at");--> statement-breakpoint
CREATE INDEX "memory_events_extraction_idx" ON "memory_events" USING btree ("tenant_id","extraction_id");--> statement-breakpoint
CREATE INDEX "memory_extractions_session_idx" ON "memory_extractions" USING btree ("tenant_id","session_id","started_at");--> statement-breakpoint
CREATE INDEX "memory_extractions_status_idx" ON "memory_extractions" USING btree ("tenant_id","status","started_at");