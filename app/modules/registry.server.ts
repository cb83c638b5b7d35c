// Every module, listed once. The platform reads their manifests (jobs, e-mails, limits,
// settings, personal data, backup classes); http/app.ts starts and stops it with this list.

import type { ModuleManifest } from "~/platform/module.server";
import { accountsModule } from "./accounts/module.server";
import { alertsModule } from "./alerts/module.server";
import { careersModule } from "./careers/module.server";
import { catalogModule } from "./catalog/module.server";
import { customersModule } from "./customers/module.server";
import { deliveryModule } from "./delivery/module.server";
import { fiscalModule } from "./fiscal/module.server";
import { groomingModule } from "./grooming/module.server";
import { inventoryModule } from "./inventory/module.server";
import { mailModule } from "./mail/module.server";
import { notificationsModule } from "./notifications/module.server";
import { ordersModule } from "./orders/module.server";
import { paymentsModule } from "./payments/module.server";
import { privacyModule } from "./privacy/module.server";
import { promotionsModule } from "./promotions/module.server";
import { reportsModule } from "./reports/module.server";
import { shopModule } from "./shop/module.server";
import { subscriptionsModule } from "./subscriptions/module.server";

export const MODULES: readonly ModuleManifest[] = [
  accountsModule,
  alertsModule,
  careersModule,
  catalogModule,
  customersModule,
  deliveryModule,
  fiscalModule,
  groomingModule,
  inventoryModule,
  mailModule,
  notificationsModule,
  ordersModule,
  paymentsModule,
  privacyModule,
  promotionsModule,
  reportsModule,
  shopModule,
  subscriptionsModule,
];
