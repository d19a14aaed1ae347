import { IsArray, IsOptional, IsString, IsUUID } from 'class-validator';
import { defineSubject } from '../common/subject';

export class ResolveStrategyReferencesRequest {
  @IsUUID()
  organizationId!: string;

  @IsOptional() @IsArray() @IsString({ each: true }) ckrIds?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) opportunityIds?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) solutionIds?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) experimentIds?: string[];
}

/** Only the records that exist in the organization; each with the OKR it leads to, if any. */
export interface ResolveStrategyReferencesReply {
  ckrs: { id: string }[];
  opportunities: { id: string; ckrId: string | null }[];
  solutions: { id: string; ckrId: string | null }[];
  experiments: { id: string; ckrId: string | null }[];
}

/** Other contexts ask strategy-discovery which of their referenced records exist. */
export const StrategyReferenceSubjects = Object.freeze({
  resolve: defineSubject<ResolveStrategyReferencesRequest, ResolveStrategyReferencesReply>('strategy.reference.resolve'),
});
