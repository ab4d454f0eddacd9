/**
 * The environment of every test server (server tests, contract verification, the hostile run,
 * the e2e server process): rate limits out of the way (throttling tests set their own) and cheap
 * argon2 (hashing cost is argon2-abuse.test.ts's concern). A plain record, so a spawned server
 * process can take it as its environment too.
 */
export const TEST_ENV: Readonly<Record<string, string>> = {
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '1000',
  RATE_LIMIT_LOGIN_PER_CLIENT: '10000',
  RATE_LIMIT_REGISTER_PER_CLIENT: '10000',
  RATE_LIMIT_RESET_PER_CLIENT: '10000',
  RATE_LIMIT_FORGOT_PER_ADDRESS: '1000',
  RATE_LIMIT_FORGOT_PER_CLIENT: '10000',
  RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '10000',
  RATE_LIMIT_ORDERS_PER_USER: '10000',
  RATE_LIMIT_CATALOG_PER_CLIENT: '1000000',
  RATE_LIMIT_CATALOG_PER_SECOND: '100000',
  RATE_LIMIT_STOCK_ALERT_PER_CLIENT: '10000',
  RATE_LIMIT_STOCK_ALERT_PER_ADDRESS: '1000',
};
