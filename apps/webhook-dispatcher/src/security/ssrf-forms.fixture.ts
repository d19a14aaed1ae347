/** Every SSRF form we know of; each must be refused when private targets are not allowed. */
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
  // IPv6 forms that embed an IPv4 address (hostile-input hardening).
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b::169.254.169.254]/',
  'http://[2002:7f00:1::]/',
  'http://[::127.0.0.1]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'http://[64:ff9b:1::a00:1]/',
];
