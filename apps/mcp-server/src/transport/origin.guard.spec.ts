import { AppException } from '@pds/contracts';
import { assertAllowedOrigin } from './origin.guard';

function refusal(origin: string | undefined, publicOrigin: string, allowed: string[] = []): string | undefined {
  try {
    assertAllowedOrigin(origin, publicOrigin, allowed);
    return undefined;
  } catch (error) {
    return (error as AppException).code;
  }
}

describe('assertAllowedOrigin', () => {
  it('lets requests without an Origin (command-line agents) and pages of the public origin through', () => {
    expect(refusal(undefined, 'https://mcp.example.com')).toBeUndefined();
    expect(refusal('https://mcp.example.com', 'https://mcp.example.com')).toBeUndefined();
    expect(refusal('http://localhost:3000', 'http://localhost:3000')).toBeUndefined();
  });

  it('refuses every other origin unless listed: another host, port or scheme, or null', () => {
    expect(refusal('http://evil.example', 'https://mcp.example.com')).toBe('Forbidden');
    expect(refusal('http://mcp.example.com', 'https://mcp.example.com')).toBe('Forbidden');
    expect(refusal('http://localhost:3001', 'http://localhost:3000')).toBe('Forbidden');
    expect(refusal('http://127.0.0.1:3000', 'http://localhost:3000')).toBe('Forbidden');
    expect(refusal('null', 'https://mcp.example.com')).toBe('Forbidden');
    expect(refusal('https://app.example.com', 'https://mcp.example.com', ['https://app.example.com'])).toBeUndefined();
  });
});
