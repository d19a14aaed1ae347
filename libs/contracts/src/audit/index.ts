// Contracts of the audit log: the entry, its filters, the subject that reads it.
export * from './audit.dto';
export * from './audit.entry';
export * from './audit.responses';
export * from './audit.subjects';
