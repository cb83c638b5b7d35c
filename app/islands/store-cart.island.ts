import { islandKit } from "./kit";
import { mountIsland } from "./mount";
import { storeCart } from "./store-cart";

mountIsland("store-cart", (props) => storeCart(props, islandKit()));
