export { startDevIdp, type DevClient, type DevIdp, type DevIdpOptions } from './app.js';
export { DEV_IDP_DEFAULTS, loadEnv } from './env.js';
export { ID_TOKEN_FAULTS, type IdTokenFault } from './faults.js';
export { DEFAULT_DEV_PASSWORD, DEFAULT_DEV_USERS, type DevUser } from './users.js';
export { signInThroughLoginPage } from './login-driver.js';
