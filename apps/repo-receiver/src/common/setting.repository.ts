import { Inject, Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/repos/client';

/** tenant-scope: no tenant data. The receiver's own settings (repos.settings), shared by every replica. */
@Injectable()
export class RepoSettingRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  /** The stored value of `name`; stores `initial` first when there is none (the first replica wins). */
  async getOrInit(name: string, initial: string): Promise<string> {
    const row = await this.prisma.repoSetting.upsert({ where: { name }, create: { name, value: initial }, update: {}, select: { value: true } });
    return row.value;
  }
}
