import { islandKit } from "~/islands/kit";
import { mountIsland } from "~/islands/mount";
import { storeCart } from "~/islands/store-cart";

mountIsland("store-cart", (props) => storeCart(props, islandKit()));
