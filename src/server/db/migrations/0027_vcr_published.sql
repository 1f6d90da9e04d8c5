ALTER TABLE "video_records" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Review states 3 and 4 meant published and withdrawn; they are hidden and reported now (video
-- approval in docs/requirements/states-and-codes.md#reviews-and-approvals), with publishing a flag
-- of its own.
UPDATE "video_records" SET "published" = true, "review_state" = 1 WHERE "review_state" = 3;--> statement-breakpoint
UPDATE "video_records" SET "review_state" = 3 WHERE "review_state" = 4;
