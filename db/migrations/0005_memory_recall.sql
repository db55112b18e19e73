ALTER TABLE "memories" ADD COLUMN "terms" "tsvector";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sessions_agent_idx" ON "sessions" USING btree ("tenant_id","agent_id");--> statement-breakpoint
CREATE INDEX "memories_terms_idx" ON "memories" USING gin ("terms") WHERE "memories"."status" = 'active';