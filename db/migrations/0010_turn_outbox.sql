CREATE TABLE "turn_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"task_queue" text NOT NULL,
	"from_seq" integer NOT NULL,
	"to_seq" integer NOT NULL,
	"context_window_tokens" integer NOT NULL,
	"created" boolean NOT NULL,
	"signal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "turn_outbox_session_idx" ON "turn_outbox" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE INDEX "turn_outbox_queue_idx" ON "turn_outbox" USING btree ("task_queue","created_at");