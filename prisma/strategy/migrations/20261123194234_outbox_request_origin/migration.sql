-- AlterTable
ALTER TABLE "strategy"."outbox" ADD COLUMN     "request_id" TEXT,
ADD COLUMN     "traceparent" TEXT;
