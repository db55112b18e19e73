CREATE TABLE "session_erasures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"up_to_seq" integer NOT NULL,
	"reason" text NOT NULL,
	"receipt" jsonb NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "agent_id" text;--> statement-breakpoint
CREATE INDEX "session_erasures_session_idx" ON "session_erasures" USING btree ("tenant_id","session_id","up_to_seq");