import { AppException } from '@pds/contracts';
import { assertAllowedOrigin } from './origin.guard';

function refusal(origin: string | undefined, host: string, allowed: string[] = []): string | undefined {
  try {
    assertAllowedOrigin(origin, host, allowed);
    return undefined;
  } catch (error) {
    return (error as AppException).code;
  }
}

describe('assertAllowedOrigin', () => {
  it('lets requests without an Origin (command-line agents) and same-origin pages through', () => {
    expect(refusal(undefined, 'mcp.example.com')).toBeUndefined();
    expect(refusal('https://mcp.example.com', 'mcp.example.com')).toBeUndefined();
    expect(refusal('http://127.0.0.1:3000', '127.0.0.1:3000')).toBeUndefined();
  });

  it('refuses other origins (DNS rebinding) unless listed', () => {
    expect(refusal('http://evil.example', 'mcp.example.com')).toBe('Forbidden');
    expect(refusal('http://127.0.0.1:3001', '127.0.0.1:3000')).toBe('Forbidden');
    expect(refusal('null', 'mcp.example.com')).toBe('Forbidden');
    expect(refusal('https://app.example.com', 'mcp.example.com', ['https://app.example.com'])).toBeUndefined();
  });
});
