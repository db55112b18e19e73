CREATE TABLE "memory_terms" (
	"memory_id" text NOT NULL,
	"term" text NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text,
	"agent_id" text,
	"session_scope" text,
	CONSTRAINT "memory_terms_memory_id_term_pk" PRIMARY KEY("memory_id","term")
);
--> statement-breakpoint
ALTER TABLE "memory_terms" ADD CONSTRAINT "memory_terms_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_terms_user_idx" ON "memory_terms" USING btree ("tenant_id","user_id","term","memory_id");--> statement-breakpoint
CREATE INDEX "memory_terms_agent_idx" ON "memory_terms" USING btree ("tenant_id","agent_id","term","memory_id") WHERE "memory_terms"."user_id" is null;--> statement-breakpoint
CREATE INDEX "memory_terms_session_idx" ON "memory_terms" USING btree ("tenant_id","session_scope","term","memory_id") WHERE "memory_terms"."session_scope" is not null;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sessions_agent_idx" ON "sessions" USING btree ("tenant_id","agent_id");--> statement-breakpoint
CREATE INDEX "memories_prompt_idx" ON "memories" USING btree ("tenant_id","user_id","agent_id","session_scope") WHERE "memories"."status" = 'active' and ("memories"."type" = 'profile' or ("memories"."type" = 'preference' and "memories"."priority" >= 4));--> statement-breakpoint
CREATE INDEX "memories_session_scope_idx" ON "memories" USING btree ("tenant_id","session_scope","status","type") WHERE "memories"."session_scope" is not null;