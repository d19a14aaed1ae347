import { HEADERS_METADATA } from '@nestjs/common/constants';
import { ApiOperation } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import { Deprecated } from './deprecated';

describe('@Deprecated', () => {
  it('sends Deprecation, Sunset and Link on every answer and marks the operation deprecated, keeping its summary', () => {
    class Routes {
      @ApiOperation({ summary: 'Old list' })
      @Deprecated({ since: '2026-12-01', sunset: '2027-06-01', link: 'https://docs.example.com/changelog#0.2.0' })
      list(): string {
        return 'x';
      }
    }
    const handler = Routes.prototype.list;
    expect(Reflect.getMetadata(HEADERS_METADATA, handler)).toEqual(
      expect.arrayContaining([
        { name: 'Deprecation', value: '@1796083200' },
        { name: 'Sunset', value: 'Tue, 01 Jun 2027 00:00:00 GMT' },
        { name: 'Link', value: '<https://docs.example.com/changelog#0.2.0>; rel="deprecation"' },
      ]),
    );
    expect(Reflect.getMetadata(DECORATORS.API_OPERATION, handler)).toMatchObject({ summary: 'Old list', deprecated: true });
  });

  it('refuses a sunset sooner than six months after the deprecation, and a malformed day', () => {
    expect(() => Deprecated({ since: '2026-12-01', sunset: '2027-05-31', link: 'x' })).toThrow(/less than 6 months/);
    expect(() => Deprecated({ since: '1 Dec 2026', sunset: '2027-06-01', link: 'x' })).toThrow(/YYYY-MM-DD/);
  });
});
