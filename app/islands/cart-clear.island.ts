import { cartClear } from "~/islands/cart-clear";
import { mountIsland } from "~/islands/mount";

mountIsland("cart-clear", cartClear);
