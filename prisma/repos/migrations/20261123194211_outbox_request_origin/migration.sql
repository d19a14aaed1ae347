-- AlterTable
ALTER TABLE "repos"."outbox" ADD COLUMN     "request_id" TEXT,
ADD COLUMN     "traceparent" TEXT;
