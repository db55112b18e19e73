ALTER TABLE "memories" ADD COLUMN "subject_key" text;--> statement-breakpoint
ALTER TABLE "memory_events" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "memories_subject_idx" ON "memories" USING btree ("tenant_id","subject_key") WHERE "memories"."subject_key" is not null;