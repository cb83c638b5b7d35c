import { cartClear } from "./cart-clear";
import { mountIsland } from "./mount";

mountIsland("cart-clear", cartClear);
