import { SprintResponse, SprintStatus } from '@pds/contracts';

export interface SprintRecord {
  id: string;
  name: string;
  goal: string | null;
  startDate: Date;
  endDate: Date;
  status: string;
  teamId: string | null;
  archivedAt: Date | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export function toSprintResponse(record: SprintRecord): SprintResponse {
  return {
    id: record.id,
    name: record.name,
    goal: record.goal,
    startDate: day(record.startDate),
    endDate: day(record.endDate),
    status: record.status as SprintStatus,
    teamId: record.teamId,
    archivedAt: record.archivedAt ? record.archivedAt.toISOString() : null,
  };
}
