-- CreateTable
CREATE TABLE "strategy"."annual_goals" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "explanation" TEXT,
    "year" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "annual_goals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."product_goals" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "annual_goal_id" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "explanation" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_goals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."planning_cycles" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "start_date" DATE,
    "end_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "planning_cycles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."ckrs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "annual_goal_id" UUID NOT NULL,
    "product_goal_id" UUID,
    "planning_cycle_ids" UUID[],
    "owner_id" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "confidence" INTEGER NOT NULL DEFAULT 3,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ckrs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."key_results" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "ckr_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "metric" TEXT,
    "target_value" DOUBLE PRECISION,
    "current_value" DOUBLE PRECISION,
    "unit" TEXT,
    "status" TEXT NOT NULL DEFAULT 'ON_TRACK',

    CONSTRAINT "key_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."opportunities" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "product_goal_id" UUID,
    "ckr_id" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "priority" TEXT NOT NULL DEFAULT 'MEDIUM',
    "impact" INTEGER NOT NULL DEFAULT 3,
    "confidence" INTEGER NOT NULL DEFAULT 3,
    "reach" INTEGER,
    "effort" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'NEW',
    "owner_id" UUID,
    "is_mirror" BOOLEAN NOT NULL DEFAULT false,
    "insight_ids" UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "opportunities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."solutions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "opportunity_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "impact" INTEGER NOT NULL DEFAULT 3,
    "effort" INTEGER NOT NULL DEFAULT 3,
    "confidence" INTEGER NOT NULL DEFAULT 3,
    "status" TEXT NOT NULL DEFAULT 'PROPOSED',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "solutions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."experiments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "ckr_id" UUID NOT NULL,
    "solution_id" UUID,
    "title" TEXT NOT NULL,
    "hypothesis" TEXT,
    "success_metrics" TEXT[],
    "result" TEXT,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."interviews" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "participant" TEXT,
    "conducted_at" TIMESTAMPTZ(3),
    "transcript" TEXT,
    "summary" TEXT,
    "analysis" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "interviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."insights" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "interview_id" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "quotes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "insights_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "annual_goals_organization_id_created_at_id_idx" ON "strategy"."annual_goals"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "product_goals_organization_id_created_at_id_idx" ON "strategy"."product_goals"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "planning_cycles_organization_id_created_at_id_idx" ON "strategy"."planning_cycles"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "ckrs_organization_id_created_at_id_idx" ON "strategy"."ckrs"("organization_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ckrs_organization_id_number_key" ON "strategy"."ckrs"("organization_id", "number");

-- CreateIndex
CREATE INDEX "key_results_ckr_id_position_idx" ON "strategy"."key_results"("ckr_id", "position");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_created_at_id_idx" ON "strategy"."opportunities"("organization_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "opportunities_organization_id_number_key" ON "strategy"."opportunities"("organization_id", "number");

-- CreateIndex
CREATE INDEX "solutions_organization_id_created_at_id_idx" ON "strategy"."solutions"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "experiments_organization_id_created_at_id_idx" ON "strategy"."experiments"("organization_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "experiments_organization_id_number_key" ON "strategy"."experiments"("organization_id", "number");

-- CreateIndex
CREATE INDEX "interviews_organization_id_created_at_id_idx" ON "strategy"."interviews"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "insights_organization_id_created_at_id_idx" ON "strategy"."insights"("organization_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "strategy"."key_results" ADD CONSTRAINT "key_results_ckr_id_fkey" FOREIGN KEY ("ckr_id") REFERENCES "strategy"."ckrs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
