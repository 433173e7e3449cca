// Express Gateway (the last Express-based gateway, unmaintained since 2022) in front of the fixed
// upstream, with key-auth on every call: the Node peer the issue measured. It is not a dependency:
// install it once in a folder of its own and point EXPRESS_GATEWAY_DIR there, e.g.
//   mkdir /tmp/eg && cd /tmp/eg && npm init -y && npm install express-gateway@1.16.11
// Its users and keys live in emulated Redis (in memory); compare.ts creates one through the admin
// API on ADMIN_PORT.
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(path.join(process.env.EXPRESS_GATEWAY_DIR, 'package.json'));
const packageDir = path.dirname(require.resolve('express-gateway/package.json'));
const configDir = await mkdtemp(path.join(os.tmpdir(), 'bench-eg-'));
await cp(path.join(packageDir, 'lib/config/models'), path.join(configDir, 'models'), {
  recursive: true,
});
await writeFile(
  path.join(configDir, 'system.config.yml'),
  `db:
  redis:
    emulate: true
    namespace: EG
crypto:
  cipherKey: bench-cipher-key
  algorithm: aes256
  saltRounds: 10
session:
  secret: bench-session-secret
  resave: false
  saveUninitialized: false
accessTokens:
  timeToExpiry: 7200000
refreshTokens:
  timeToExpiry: 7200000
authorizationCodes:
  timeToExpiry: 300000
`,
);
await writeFile(
  path.join(configDir, 'gateway.config.yml'),
  `http:
  port: ${Number(process.env.PORT)}
admin:
  port: ${Number(process.env.ADMIN_PORT)}
  host: 127.0.0.1
apiEndpoints:
  api:
    host: '*'
    paths: '/v1/*'
serviceEndpoints:
  upstream:
    url: '${process.env.UPSTREAM}'
policies:
  - key-auth
  - proxy
pipelines:
  default:
    apiEndpoints:
      - api
    policies:
      - key-auth:
      - proxy:
          - action:
              serviceEndpoint: upstream
`,
);
process.env.LOG_LEVEL = 'error';
require('express-gateway')().load(configDir).run();
