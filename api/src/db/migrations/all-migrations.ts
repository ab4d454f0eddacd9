import { accountMigrations } from './account-migrations';
import { catalogMigrations } from './catalog-migrations';
import { legalMigrations } from './legal-migrations';
import { mailMigrations } from './mail-migrations';
import { orderMigrations } from './order-migrations';
import { stockAlertMigrations } from './stock-alert-migrations';

/** Every schema step of the server, in one list: start-up and every test database apply this. */
export const migrations = [
  ...accountMigrations,
  ...catalogMigrations,
  ...stockAlertMigrations,
  ...orderMigrations,
  ...mailMigrations,
  ...legalMigrations,
];
