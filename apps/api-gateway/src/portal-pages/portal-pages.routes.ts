import type { Provider, Type } from '@nestjs/common';
import { PortalFormParser } from './portal-form.parser';
import { PortalPageFilter } from './portal-page.filter';
import { PortalPagesController } from './portal-pages.controller';

/** The portal's web pages (/portal/{slug}, /portal/assets/): their controller, error pages and form parser. */
export const PORTAL_PAGE_CONTROLLERS: Type<unknown>[] = [PortalPagesController];
export const PORTAL_PAGE_PROVIDERS: Provider[] = [PortalFormParser, PortalPageFilter];
