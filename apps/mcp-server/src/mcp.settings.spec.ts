import { ConfigError, loadConfig } from '@pds/config';
import { McpSettings, mcpOptionsFrom } from './mcp.settings';

const settings = (env: Record<string, string>) => loadConfig(McpSettings, env);

describe('MCP settings', () => {
  it('takes the public origin from MCP_PUBLIC_URL, then the given default, then http://localhost:<PORT>', () => {
    expect(mcpOptionsFrom(settings({ MCP_PUBLIC_URL: 'https://PDS.example.com:443/mcp' }), 3002, 'https://other.example').publicOrigin).toBe(
      'https://pds.example.com',
    );
    expect(mcpOptionsFrom(settings({}), 3000, 'https://pds.example.com/').publicOrigin).toBe('https://pds.example.com');
    expect(mcpOptionsFrom(settings({}), 3002).publicOrigin).toBe('http://localhost:3002');
  });

  it('serializes the allowed origins as browsers send them', () => {
    const options = mcpOptionsFrom(settings({ MCP_ALLOWED_ORIGINS: ' https://App.example.com/ , http://localhost:80,chrome-extension://abc' }), 3002);
    expect(options.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost', 'chrome-extension://abc']);
  });

  it.each(['pds.example.com', 'ftp://pds.example.com'])('refuses MCP_PUBLIC_URL=%s (not an http(s) URL) at start', (value) => {
    expect(() => settings({ MCP_PUBLIC_URL: value })).toThrow(ConfigError);
  });
});
