import { islandKit } from "~/islands/kit";
import { mountIsland } from "~/islands/mount";
import { storePurchase } from "~/islands/store-purchase";

mountIsland("store-purchase", (props) => storePurchase(props, islandKit()));
