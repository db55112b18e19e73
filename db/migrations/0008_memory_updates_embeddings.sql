CREATE TABLE "memory_embeddings" (
	"memory_id" text NOT NULL,
	"model" text NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text,
	"agent_id" text,
	"session_scope" text,
	"dims" integer NOT NULL,
	"vector" real[],
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"embedded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_embeddings_memory_id_model_pk" PRIMARY KEY("memory_id","model")
);
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "subject_key" text;--> statement-breakpoint
ALTER TABLE "memory_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "memory_embeddings" ADD CONSTRAINT "memory_embeddings_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_embeddings_scope_idx" ON "memory_embeddings" USING btree ("tenant_id","model","user_id","agent_id","session_scope");--> statement-breakpoint
CREATE INDEX "memories_subject_idx" ON "memories" USING btree ("tenant_id","subject_key") WHERE "memories"."subject_key" is not null;