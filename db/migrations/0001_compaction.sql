CREATE TABLE "breaker_events" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"consecutive_failures" integer NOT NULL,
	"compaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compaction_chunks" (
	"compaction_id" text NOT NULL,
	"index" integer NOT NULL,
	"from_seq" integer NOT NULL,
	"to_seq" integer NOT NULL,
	"tokens" integer NOT NULL,
	"level" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"summary" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compaction_chunks_compaction_id_index_pk" PRIMARY KEY("compaction_id","index")
);
--> statement-breakpoint
CREATE TABLE "compaction_files" (
	"compaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "compaction_files_compaction_id_kind_path_pk" PRIMARY KEY("compaction_id","kind","path")
);
--> statement-breakpoint
CREATE TABLE "compactions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"from_seq" integer NOT NULL,
	"to_seq" integer NOT NULL,
	"tokens_before" integer,
	"tokens_after" integer,
	"error" text,
	"replay_of" text,
	"previous_compaction_id" text,
	"workflow_id" text NOT NULL,
	"run_id" text,
	"model" text,
	"merged_body" text,
	"todos" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_overrides" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"body" jsonb NOT NULL,
	"tokens" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summaries" (
	"compaction_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"text" text NOT NULL,
	"tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"first_compaction_id" text NOT NULL,
	"last_compaction_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todos_tenant_id_session_id_key_pk" PRIMARY KEY("tenant_id","session_id","key")
);
--> statement-breakpoint
CREATE TABLE "tool_failures" (
	"compaction_id" text NOT NULL,
	"tool_call_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"meta" text,
	"summary" text NOT NULL,
	CONSTRAINT "tool_failures_compaction_id_tool_call_id_pk" PRIMARY KEY("compaction_id","tool_call_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_cache_touch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "compaction_chunks" ADD CONSTRAINT "compaction_chunks_compaction_id_compactions_id_fk" FOREIGN KEY ("compaction_id") REFERENCES "public"."compactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compaction_files" ADD CONSTRAINT "compaction_files_compaction_id_compactions_id_fk" FOREIGN KEY ("compaction_id") REFERENCES "public"."compactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_compaction_id_compactions_id_fk" FOREIGN KEY ("compaction_id") REFERENCES "public"."compactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_failures" ADD CONSTRAINT "tool_failures_compaction_id_compactions_id_fk" FOREIGN KEY ("compaction_id") REFERENCES "public"."compactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breaker_events_session_idx" ON "breaker_events" USING btree ("tenant_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "compactions_session_idx" ON "compactions" USING btree ("tenant_id","session_id","started_at");--> statement-breakpoint
CREATE INDEX "compactions_status_idx" ON "compactions" USING btree ("tenant_id","status","started_at");--> statement-breakpoint
CREATE INDEX "message_overrides_seq_idx" ON "message_overrides" USING btree ("tenant_id","session_id","seq");