ALTER TABLE "compactions" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "compactions" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "memory_embeddings" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "memory_extractions" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "memory_extractions" ADD COLUMN "cause" text;