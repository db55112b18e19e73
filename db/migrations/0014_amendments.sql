CREATE TABLE "memory_amendments" (
	"amending_id" text NOT NULL,
	"amended_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"amending_session_id" text NOT NULL,
	"amending_from_seq" integer NOT NULL,
	"amending_to_seq" integer NOT NULL,
	"amended_session_id" text NOT NULL,
	"amended_from_seq" integer NOT NULL,
	"amended_to_seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_amendments_amending_id_amended_id_pk" PRIMARY KEY("amending_id","amended_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "amendments_to_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_amendments" ADD CONSTRAINT "memory_amendments_amending_id_memories_id_fk" FOREIGN KEY ("amending_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_amendments" ADD CONSTRAINT "memory_amendments_amended_id_memories_id_fk" FOREIGN KEY ("amended_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_amendments_amended_idx" ON "memory_amendments" USING btree ("tenant_id","amended_session_id");--> statement-breakpoint
CREATE INDEX "memory_amendments_amended_id_idx" ON "memory_amendments" USING btree ("amended_id");--> statement-breakpoint
CREATE INDEX "sessions_amendments_pending_idx" ON "sessions" USING btree ("updated_at") WHERE "sessions"."episodes_to_seq" > "sessions"."amendments_to_seq";