import { cartMerge } from "~/islands/cart-merge";
import { islandKit } from "~/islands/kit";
import { mountIsland } from "~/islands/mount";

mountIsland("cart-merge", (props) => cartMerge(props, islandKit()));
