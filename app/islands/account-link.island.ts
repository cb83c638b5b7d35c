import { accountLink } from "~/islands/account-link";
import { mountIsland } from "~/islands/mount";

mountIsland("account-link", accountLink);
