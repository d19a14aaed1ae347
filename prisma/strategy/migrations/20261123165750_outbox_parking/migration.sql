-- AlterTable
ALTER TABLE "strategy"."outbox" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "last_error" TEXT,
ADD COLUMN     "parked_at" TIMESTAMPTZ(3);
