/*
 * What the query-plans run shares between its global setup, its specs and its teardown: the private
 * cluster's settings, where the large organization's credentials are written, and the report paths.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { e2eDir } from '../e2e/support/stack-info';

/**
 * auto_explain logs the plan of every statement the services run, with the parameters they ran
 * with (statement names are built at run time, so nothing could EXPLAIN them afterwards); jsonlog
 * writes one JSON object a line, so the plans are read back without parsing the text log.
 */
export const PLANS_POSTGRES_SETTINGS: Record<string, string> = {
  shared_preload_libraries: 'pg_stat_statements,auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_format': 'json',
  'auto_explain.log_nested_statements': 'on',
  'pg_stat_statements.track': 'all',
  logging_collector: 'on',
  log_destination: 'jsonlog',
  log_directory: 'log',
  log_rotation_size: '0',
  synchronous_commit: 'off',
};

export interface LargeOrganization {
  id: string;
  slug: string;
  apiKey: string;
  adminId: string;
  items: number;
}

export const plansDir = path.join(e2eDir, 'plans');
const largeOrgFile = path.join(plansDir, 'large-organization.json');

export function writeLargeOrganization(org: LargeOrganization): void {
  mkdirSync(plansDir, { recursive: true });
  writeFileSync(largeOrgFile, JSON.stringify(org, null, 2));
}

export function largeOrganization(): LargeOrganization {
  return JSON.parse(readFileSync(largeOrgFile, 'utf8')) as LargeOrganization;
}
