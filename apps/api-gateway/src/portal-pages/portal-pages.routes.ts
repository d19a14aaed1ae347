import type { Provider, Type } from '@nestjs/common';
import { PortalCsrfGuard } from './portal-csrf.guard';
import { PortalFormParser } from './portal-form.parser';
import { PortalPageFilter } from './portal-page.filter';
import { PortalPagesController } from './portal-pages.controller';
import { PortalPagesService } from './portal-pages.service';

/** The portal's web pages (/portal/{slug}, /portal/assets/): their controller, error pages and form parser. */
export const PORTAL_PAGE_CONTROLLERS: Type<unknown>[] = [PortalPagesController];
export const PORTAL_PAGE_PROVIDERS: Provider[] = [PortalPagesService, PortalFormParser, PortalPageFilter, PortalCsrfGuard];
