import { Module } from '@nestjs/common';

/** Inbound GitHub/GitLab webhooks under /hooks and repository connections. */
@Module({})
export class RepoReceiverModule {}
