/** Every SSRF form of issue 5; each must be refused when private targets are not allowed. */
export const SSRF_URLS = [
  'http://127.0.0.1/',
  'http://localhost/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0177.0.0.1/',
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
];
