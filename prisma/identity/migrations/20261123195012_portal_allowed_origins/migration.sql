-- AlterTable
ALTER TABLE "identity"."organizations" ADD COLUMN     "portal_allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[];
