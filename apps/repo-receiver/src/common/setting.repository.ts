import { Inject, Injectable } from '@nestjs/common';
import { ContextSettings, DATABASE, Database } from '@pds/persistence';

/** The receiver's own settings (repos.settings), shared by every replica: the persistence library's ContextSettings. */
@Injectable()
export class RepoSettingRepository extends ContextSettings {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, 'repos');
  }
}
